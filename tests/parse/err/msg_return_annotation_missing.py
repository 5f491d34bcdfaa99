# `->` without the annotation: the colon is expected where it stands
async def f() -> :
    pass

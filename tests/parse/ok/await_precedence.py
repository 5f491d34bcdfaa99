# await binds tighter than ** on its left but not on its right
async def f():
    a = await x ** 2
    b = 2 ** await x
    c = -await x
    d = await x + await y
    e = not await x
    g = await x[0].y(1)

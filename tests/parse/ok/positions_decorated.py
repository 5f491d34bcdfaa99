# positions: a decorated definition starts at `def`/`class`, not at the `@`
@deco
def f():
    pass

@deco1
@deco2(
    arg,
)
class C:
    @staticmethod
    def m(): pass

@d
async def g(): pass

# async and await in every form
async def f():
    await x
    async for i in y:
        pass
    else:
        pass
    async with a as b, c as d:
        pass
    async with (a as b, c):
        pass
    r = [i async for i in y]
    s = {i: j async for i, j in y if await i}
    t = (await i for i in y)
    await (await x)
    u = await x ** 2
    v = -await x
    w = await x.y()[0]
    yield 1
    return await f()

async def g(): return [await z for z in y]

class C:
    async def m(self): pass

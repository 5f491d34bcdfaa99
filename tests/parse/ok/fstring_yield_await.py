# f-strings: yield and await inside replacement fields
def gen():
    a = f"{yield}"
    b = f"{(yield 1)}"
    c = f"{yield from gen()}"

async def coro(x):
    return f"{await x}"

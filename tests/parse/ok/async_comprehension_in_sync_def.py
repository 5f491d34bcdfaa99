# async comprehensions outside async functions: a compiler error only
def f():
    return [x async for x in y]

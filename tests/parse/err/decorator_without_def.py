@deco
x = 1

# while header with a stray name before the colon.
while x y:
    pass

# dedent to a level that was never opened
if x:
        a = 1
    b = 2

# a call that fails after its name: CPython keeps the name as the value, and hints at ==
if x = f(:
    pass

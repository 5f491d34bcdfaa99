# `=` in a condition, meant as `==` or `:=`: CPython names both, over the name and the value
if x = 1:
    pass

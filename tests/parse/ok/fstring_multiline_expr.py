# f-strings: replacement fields spanning lines in single-quoted f-strings (3.12+)
x, y = 1, 2
a = f"{
    x
    +
    y
}"
b = f"sum: {x +
            y} done"
c = f'{[
    1,
    2,
]}'
d = f"{
x!r}"

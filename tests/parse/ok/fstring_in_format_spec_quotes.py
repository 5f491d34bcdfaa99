# f-strings: quotes and strings inside nested format-spec fields
x = 1
a = f"{x:{"abc"}}"
b = f"{x:{'>'}{"10"}}"
c = f'{x:{f"{x}"}}'

# f-strings: f-strings nested inside f-strings, alternating and repeating quotes
x = 1
a = f"{f'{f"{f'{x}'}"}'}"
b = f"{f"{f"{f"{f"{x}"}"}"}"}"
c = f"{x:{f'{x}'}}"

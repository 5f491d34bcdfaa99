x = 1
y = f'\N{NOPE}{x}'

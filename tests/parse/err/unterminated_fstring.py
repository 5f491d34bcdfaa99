# an unterminated f-string
x = f"abc{x}
y = 1

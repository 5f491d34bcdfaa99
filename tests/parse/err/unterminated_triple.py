# an unterminated triple-quoted string: reported at its start
x = 1
s = """abc
more
lines

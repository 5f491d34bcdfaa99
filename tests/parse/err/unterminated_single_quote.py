# an unterminated single-quoted string
x = 'abc
y = 1

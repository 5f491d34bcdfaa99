# a number glued to a name
x = 1abc

# comparison operators split by newlines and comments inside brackets
x = (a not
     in b)
y = (a is  # c
     not b)
z = (a
     <
     b)

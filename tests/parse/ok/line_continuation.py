# explicit line joining with backslashes
x = 1 + \
    2
if a and \
   b:
    pass
y = (1 + \
     2)
def \
f(): pass
z = \
\
    3
w = 1 \
# a comment line after a continuation
v = 2 \

u = 3

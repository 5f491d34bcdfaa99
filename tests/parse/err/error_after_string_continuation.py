x = 'a\
b\
c'
y = 1 2

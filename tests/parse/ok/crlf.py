# CRLF line ends everywhere, inside triple quotes and after backslashes
x = 1
s = '''a
b'''
y = 1 + \
    2
if x:
    pass
t = 'a\
b'

# strings: a backslash-newline inside a string is removed
a = "abc\
def"
b = '''one\
two'''
c = b"by\
tes"
d = r"raw keeps \
the backslash"
e = """ends\
"""

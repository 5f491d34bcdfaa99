# f-strings: a backslash continuation inside a replacement field
x = f"{1 + \
 2}"

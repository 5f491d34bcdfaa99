# a NUL by escape is fine, only a raw NUL byte is an error
x = '\x00'

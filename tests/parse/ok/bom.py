# a UTF-8 byte order mark, then code
x = 'é'

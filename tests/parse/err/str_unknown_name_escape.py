# an unknown \N name
x = 1
y = '\N{NO SUCH CHARACTER NAME}'


# coding: latin-1
x = 'ñ'

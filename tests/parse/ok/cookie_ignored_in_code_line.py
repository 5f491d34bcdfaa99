import os  # coding: latin-1
# coding: latin-1
x = 'é is UTF-8 here'

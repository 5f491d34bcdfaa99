# coding: ascii
x = 1
y = 'é'

#coding=ascii
x = 'plain'

# This Python file uses the following encoding: utf8
x = 1

# coding: UTF_8
x = 'ü'

# coding: euc-jp
x = '日本'; y = 1

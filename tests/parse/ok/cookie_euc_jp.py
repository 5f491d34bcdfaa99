# -*- coding: euc-jp -*-
x = '日本語のテキスト'
変数 = 1

# -*- coding: latin-2 -*-
# fuzz: iconv knows this name, Python's codec registry does not (it has latin2, iso-8859-2).
x = 1

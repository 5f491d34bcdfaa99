# coding: 1252
# fuzz: "1252" is one of Python's aliases of cp1252 (encodings.aliases); iconv has no such name.
x = 'é'

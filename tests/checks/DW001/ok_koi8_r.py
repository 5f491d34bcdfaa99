# coding: koi8-r
A = "а"  # ok: Cyrillic a in KOI8-R

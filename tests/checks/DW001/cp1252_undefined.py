# -*- coding: cp1252 -*-
# 0x81 is one of the five bytes cp1252 leaves undefined.
X = ""  # expect: DW001 "can't decode byte 0x81"

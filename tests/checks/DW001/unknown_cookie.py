# -*- coding: latin-2000 -*-  # expect: DW001 "unknown encoding: latin-2000"
# A coding cookie naming an encoding that does not exist.
x = 1

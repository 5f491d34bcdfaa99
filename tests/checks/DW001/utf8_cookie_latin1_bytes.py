# -*- coding: utf-8 -*-
# The cookie says UTF-8, the editor saved Latin-1.
NAME = "José"  # expect: DW001 "0xe9"

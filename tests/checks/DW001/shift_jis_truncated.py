# -*- coding: shift_jis -*-
# A lead byte with no trail byte.
X = "�"  # expect: DW001 "shift_jis"

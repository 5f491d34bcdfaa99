
# -*- coding: latin-1 -*-
X = "é"  # ok: line 1 is blank, so the cookie on line 2 counts

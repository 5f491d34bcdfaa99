import sys  # ok: line 1 is code, so line 2 is not a cookie
# coding: bogus

# fuzz: a missing ")" is CPython's generic "invalid syntax" at the token found instead (line
# 4), not "expected ')'" at the token before it (line 3).
d(t
def(

# vim: set fileencoding=utf-8 :
X = "é"  # ok

# a positional argument after keywords: CPython reads every argument, then points past them
class C(a=1, B, c=2): pass

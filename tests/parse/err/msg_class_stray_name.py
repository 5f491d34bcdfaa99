# A class header with a stray name before the colon.
class A x:
    pass

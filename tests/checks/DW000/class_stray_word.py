# A stray word before a class header's colon.
class Handler base:  # expect: DW000 "invalid syntax"
    pass

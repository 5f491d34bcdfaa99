# error: 3: lazy import not allowed inside functions
def f():
    lazy import json

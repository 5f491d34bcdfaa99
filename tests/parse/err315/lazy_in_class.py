# error: 3: lazy import not allowed inside classes
class C:
    lazy import json

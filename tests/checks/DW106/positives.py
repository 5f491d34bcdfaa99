"""DW106: tests whose outcome an earlier test or assignment already decided."""


def nested(x):
    if x is None:
        if x is None:  # expect: DW106 "always true" "`x is None` on line {-1}"
            return 0
    return 1


def after_return(conn):
    if conn is None:
        return
    print("closing")
    if conn is not None:  # expect: DW106 "always true" "`conn is None` on line {-3}"
        conn.close()


def dereferenced_first(conn):
    if conn is None:
        return
    conn.flush()
    if conn is not None:  # expect: DW202 "on line {-1}"
        conn.close()


def after_literal(items):
    found = []
    for item in items:
        print(item)
    if found is None:  # expect: DW106 "always false" "the assignment on line {-3}"
        return None
    return found


def empty_display(items):
    seen = {}
    if not seen:  # expect: DW106 "`seen` is always false" "the assignment on line {-1}"
        return items
    return seen


def same_isinstance(value):
    if isinstance(value, dict):
        print(value)
        if isinstance(value, dict):  # expect: DW106 "always true" "on line {-2}"
            return value.keys()
    return None


def contradiction(a, b):
    if a and b and not a:  # expect: DW106 "`a` is always true" "`a` on line {-0}"
        return 1
    return 0


def modes(mode):
    if mode == "fast":
        if mode == "fast":  # expect: DW106 "always true" "on line {-1}"
            return 1
        if mode == "slow":  # expect: DW106 "always false" "on line {-3}"
            return 2
    return 3


def truth_then_none(x):
    if x:
        print(x)
        if x is None:  # expect: DW106 "always false" "`x` on line {-2}"
            return 0
    return 1


def attribute_chain(self):
    if self.conn is None:
        return None
    if self.conn is not None:  # expect: DW106 "always true" "on line {-2}"
        return self.conn
    return None


def in_ternary(text):
    if not text:
        return ""
    return text.strip() if text else ""  # expect: DW106 "always true" "on line {-2}"


def typo(permittivity, permeability):
    if permittivity is None and permeability is None:
        return 0
    elif permittivity is not None and permittivity is not None:  # expect: DW106 "always true" "on line {-0}"
        return 1
    return 2


def or_contradiction(lo, hi):
    if lo.ok or (hi.ok and lo.ok):  # expect: DW106 "always false" "on line {-0}"
        return 1
    return 0

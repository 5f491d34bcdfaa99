"""Class hierarchies of n classes (issue 22: 4,000 chained classes took 10 s, 10,000 took minutes
and 485 MB in check, hierarchy, overrides and callers): a chain in one module, `class X(X)`
rebinding one name, a chain across n modules, a ring of n modules importing each other's class
as their base, a ladder of diamonds, and n classes deriving from one."""
import os

from run import Family

TREE_RULES = ["check", "--no-cache", "--isolated", "--select", "DW203,DW301,DW302", "."]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def method_bodies(i):
    return (f"    def same(self):\n        return 1\n\n"
            f"    def use{i % 7}(self):\n        return self.none().value\n\n")


def chain(n, d):
    parts = ["class C0:\n    def none(self):\n        return None\n\n"]
    parts += [f"class C{i}(C{i - 1}):\n" + method_bodies(i) for i in range(1, n)]
    write(os.path.join(d, "m.py"), "".join(parts))


def rebind(n, d):
    parts = ["class X:\n    def none(self):\n        return None\n\n"]
    parts += ["class X(X):\n" + method_bodies(i) for i in range(1, n)]
    write(os.path.join(d, "m.py"), "".join(parts))


def modules(n, d):
    write(os.path.join(d, "p", "__init__.py"), "")
    for i in range(n):
        head = f"from p.m{i + 1} import X\n\n\nclass X(X):\n" if i < n - 1 else "class X:\n"
        write(os.path.join(d, "p", f"m{i}.py"),
              head + "    def none(self):\n        return None\n\n" + method_bodies(i))


def ring(n, d):
    write(os.path.join(d, "p", "__init__.py"), "")
    for i in range(n):
        write(os.path.join(d, "p", f"m{i}.py"),
              f"from p.m{(i + 1) % n} import X\n\n\nclass X(X):\n" + method_bodies(i))


def diamonds(n, d):
    parts = ["class C0:\n    def none(self):\n        return None\n\n"]
    for i in range(n // 3):
        parts.append(f"class L{i}(C{i}):\n    pass\n\nclass R{i}(C{i}):\n" + method_bodies(i) +
                     f"class C{i + 1}(L{i}, R{i}):\n    def same(self):\n        return 1\n\n")
    write(os.path.join(d, "m.py"), "".join(parts))


def wide(n, d):
    parts = ["class Base:\n    def none(self):\n        return None\n\n"
             "    def use(self):\n        return self.none().value\n\n"]
    parts += [f"class S{i}(Base):\n" + method_bodies(i) for i in range(n)]
    write(os.path.join(d, "m.py"), "".join(parts))


FAMILIES = [
    Family("chain", chain, [("check (DW203, DW30x)", TREE_RULES),
                            ("hierarchy", ["hierarchy", "C500", "."]),
                            ("overrides", ["overrides", "same", "."]),
                            ("callers", ["callers", "C0.none", "."])]),
    Family("rebind class X(X)", rebind, [("check (DW203, DW30x)", TREE_RULES),
                                        ("overrides", ["overrides", "same", "."])]),
    Family("chain of modules", modules, [("check (DW203, DW30x)", TREE_RULES)],
           sizes=(500, 1000, 2000, 4000)),
    Family("ring of modules", ring, [("check (DW203, DW30x)", TREE_RULES)],
           sizes=(500, 1000, 2000, 4000)),
    Family("diamond ladder", diamonds, [("check (DW203, DW30x)", TREE_RULES),
                                        ("hierarchy", ["hierarchy", "C100", "."])]),
    Family("wide", wide, [("check (DW203, DW30x)", TREE_RULES),
                          ("callers", ["callers", "Base.none", "."])]),
]

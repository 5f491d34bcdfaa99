#!/usr/bin/env python3
"""Proves src/ast/ast.def describes exactly the nodes CPython's `ast.parse` produces (>= 3.13).

    check_ast_table.py [--table FILE]      FILE: another table to check (to test this test)

ast.def is an X-macro table of lines NODE(KIND, Name, category) / FIELD(Name, field, TYPE) /
END(Name), and NODE_SINCE / FIELD_SINCE with a last argument, the minor version from which CPython
has them (left out when the oracle is older; preprocessor lines are ignored). A field whose type
a later version widened is listed in WIDENED (checked as the later type: the parser of the newest
version makes it).
Checked against the oracle's `ast` module, one pass/fail per node class:
  - the classes are exactly the concrete classes of `_ast` (so no deprecated alias: Num, Str, Index,
    Suite, Param, ...), minus the modes ast.parse(mode="exec") never yields (Interactive,
    Expression, FunctionType) and TypeIgnore (only with type_comments=True);
  - each class has exactly CPython's _fields, in order, each with the TYPE its _field_types (and
    the ASDL signature in its docstring, which tells `identifier` from `string`) call for;
  - the category is the class's family: MOD, STMT, EXPR, PATTERN, OP (expr_context, boolop,
    operator, unaryop, cmpop), else POS or NOPOS by whether it has _attributes (positions).
"""
import ast
import os
import re
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(os.path.dirname(HERE), "lib")]
from conformance import under_oracle  # noqa: E402
from suite import ROOT, Suite  # noqa: E402

NOT_FROM_PARSE = {"Interactive", "Expression", "FunctionType", "TypeIgnore"}
POSITIONS = ("lineno", "col_offset", "end_lineno", "end_col_offset")
LINE_RE = re.compile(r"\s*(NODE|FIELD|END|NODE_SINCE|FIELD_SINCE)\(([^)]*)\)\s*")
WIDENED = {("DictComp", "value"): ("OPT", 15)}  # 3.15: None for {**d for d in ds}


def read_table(path, suite):
    """{Name: (KIND, category, [(field, TYPE)])} in file order; structural errors are failures."""
    nodes = {}
    current = None
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), f.read(), flags=re.S)
    minor = sys.version_info[1]
    skip = False
    for lineno, line in enumerate(text.split("\n"), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = LINE_RE.fullmatch(line)
        where = f"ast.def:{lineno}"
        if not m:
            suite.fail(where, f"not a NODE/FIELD/END line: {line.strip()!r}")
            continue
        macro, args = m.group(1), [a.strip() for a in m.group(2).split(",")]
        if macro.endswith("_SINCE"):
            since = int(args.pop())
            macro = macro[:-len("_SINCE")]
            if since > minor:  # a kind (to its END) or a field the oracle does not have
                skip = skip or macro == "NODE"
                continue
        if skip:
            skip = macro != "END"
            continue
        want = {"NODE": 3, "FIELD": 3, "END": 1}[macro]
        if len(args) != want:
            suite.fail(where, f"{macro} takes {want} arguments, not {len(args)}")
        elif macro == "NODE":
            if current:
                suite.fail(where, f"NODE({args[1]}) before END({current})")
            if args[1] in nodes:
                suite.fail(where, f"{args[1]} is described twice")
            current = args[1]
            nodes[current] = (args[0], args[2], [])
        elif macro == "FIELD":
            if args[0] != current:
                suite.fail(where, f"FIELD({args[0]}, ...) inside NODE({current})")
            else:
                nodes[current][2].append((args[1], args[2]))
        else:
            if args[0] != current:
                suite.fail(where, f"END({args[0]}) closes NODE({current})")
            current = None
    if current:
        suite.fail("ast.def", f"NODE({current}) is never closed")
    kinds = [kind for kind, _, _ in nodes.values()]
    for kind in sorted({k for k in kinds if kinds.count(k) > 1}):
        suite.fail("ast.def", f"KIND {kind} is used twice")
    return nodes


def parse_classes():
    """{Name: class} of every class ast.parse(mode="exec") can produce."""
    import _ast
    classes = [c for c in vars(_ast).values() if isinstance(c, type) and issubclass(c, ast.AST)]
    leaves = [c for c in classes if not any(d is not c and issubclass(d, c) for d in classes)]
    return {c.__name__: c for c in leaves if c.__name__ not in NOT_FROM_PARSE}


def expected_category(cls):
    for base, cat in ((ast.mod, "MOD"), (ast.stmt, "STMT"), (ast.expr, "EXPR"),
                      (ast.pattern, "PATTERN")):
        if issubclass(cls, base):
            return cat
    if issubclass(cls, (ast.expr_context, ast.boolop, ast.operator, ast.unaryop, ast.cmpop)):
        return "OP"
    return "POS" if cls._attributes else "NOPOS"


def asdl_types(cls):
    """{field: ASDL type} from the class's docstring, e.g. "identifier?" for ImportFrom.module."""
    sig = (cls.__doc__ or "").split("\n")[0]
    inner = sig[sig.find("(") + 1:sig.rfind(")")] if "(" in sig else ""
    return {part.split()[1]: part.split()[0] for part in inner.split(", ") if " " in part}


def singleton_family(t):
    return isinstance(t, type) and issubclass(
        t, (ast.expr_context, ast.boolop, ast.operator, ast.unaryop, ast.cmpop))


def expected_type(cls, field):
    """The ast.def TYPE that CPython's declared type of cls.field calls for."""
    t = cls._field_types[field]
    asdl = asdl_types(cls).get(field, "")
    if isinstance(t, types.GenericAlias) and t.__origin__ is list:
        (elem,) = t.__args__
        if elem is str:
            return "IDENTS"
        return "OPS" if singleton_family(elem) else "LIST"
    if isinstance(t, types.UnionType):
        args = [a for a in t.__args__ if a is not type(None)]
        if len(args) == 1 and args[0] is str:
            return "OPT_IDENT" if asdl.startswith("identifier") else "OPT_STR"
        if len(args) == 1 and args[0] is int:
            return "INT"  # ImportFrom.level is `int?` in the ASDL, yet ast.parse always sets it
        if len(args) == 1 and isinstance(args[0], type) and issubclass(args[0], ast.AST):
            return "OPT"
        return f"<unsupported {t}>"
    if t is str:
        return "IDENT" if asdl.startswith("identifier") else "STR"
    if t is int:
        return "INT"
    if t is object:
        return "CONST"
    if singleton_family(t):
        return "OP"
    if isinstance(t, type) and issubclass(t, ast.AST):
        return "NODE"
    return f"<unsupported {t}>"


def main():
    suite = Suite(__doc__)
    if not under_oracle(suite, "check_ast_table"):
        suite.finish()
    path = os.path.join(ROOT, "src", "ast", "ast.def")
    if suite.rest[:1] == ["--table"] and len(suite.rest) == 2:  # another table (to test this test)
        path = suite.rest[1]
    if not os.path.exists(path):
        suite.fail("ast.def", f"{path} does not exist")
        suite.finish()
    table = read_table(path, suite)
    classes = parse_classes()
    for name in table:
        if name not in classes:
            suite.fail(name, "ast.def describes a class that ast.parse never produces")
    for name, cls in sorted(classes.items()):
        if name not in table:
            suite.fail(name, "missing from ast.def")
            continue
        _, category, fields = table[name]
        problems = []
        if category != expected_category(cls):
            problems.append(f"category {category}, expected {expected_category(cls)}")
        if cls._attributes not in ((), POSITIONS):
            problems.append(f"unexpected _attributes {cls._attributes}")
        got_names = tuple(f for f, _ in fields)
        if got_names != cls._fields:
            problems.append(f"fields {got_names}, CPython's {cls._fields}")
        else:
            for field, ftype in fields:
                want = expected_type(cls, field)
                if WIDENED.get((name, field), (None,))[0] == ftype:
                    continue
                if ftype != want:
                    problems.append(f"{field} is {ftype}, expected {want} "
                                    f"({cls._field_types[field]})")
        suite.check(not problems, name, "; ".join(problems))
    suite.finish()


if __name__ == "__main__":
    main()

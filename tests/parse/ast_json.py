#!/usr/bin/env python3
"""The parser's oracle: CPython's own `ast` module, dumped as deadwood's canonical JSON.

    ast_json.py FILE...      one line per file: its canonical JSON, or `FILE:LINE: error: MESSAGE`

`to_json(source_bytes)` is the in-process entry point used by the suites. The source is parsed as
BYTES, so CPython itself does the decoding (BOM, PEP 263 cookie). Run it on CPython >= 3.13: the
node classes and fields it emits are that version's.

The canonical JSON (the same bytes `deadwood parse --json` prints):
  - a node is {"_type": class name, then each of its _fields, then each of its _attributes};
  - a list is an array, None null, a bool true/false, a str a string;
  - an int is a number if it fits in a signed 64-bit integer, else {"_int": "<decimal digits>"};
  - a float is {"_float": format(x, ".17g")},
    an imaginary literal {"_complex": format(x.imag, ".17g")},
    bytes {"_bytes": "<lowercase hex>"}, Ellipsis {"_ellipsis": true};
  - serialized as json.dumps(obj, ensure_ascii=True, separators=(",", ":")) would.
The dump is iterative (an explicit stack), so deeply nested trees cannot overflow Python's stack.
"""
import ast
import json
import sys
import warnings


INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def scalar_json(value):
    """The JSON text of a leaf value (anything that is not a node or a list)."""
    if value is None:
        return "null"
    if isinstance(value, bool):  # before int: bool is a subclass of int
        return "true" if value else "false"
    if isinstance(value, int):
        if INT64_MIN <= value <= INT64_MAX:
            return str(value)
        return '{"_int":"%d"}' % value
    if isinstance(value, float):
        return '{"_float":"%s"}' % format(value, ".17g")
    if isinstance(value, complex):
        return '{"_complex":"%s"}' % format(value.imag, ".17g")
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=True)
    if isinstance(value, bytes):
        return '{"_bytes":"%s"}' % value.hex()
    if value is Ellipsis:
        return '{"_ellipsis":true}'
    raise TypeError(f"no canonical JSON for {type(value).__name__}")


def dump(tree):
    """The canonical JSON text of an AST (a node, a list or a leaf). Huge ints print in decimal
    whatever their length (the int-to-string limit is lifted while dumping only: ast.parse keeps
    CPython's default, under which a decimal literal of more than 4,300 digits is an error)."""
    limit = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else None
    if limit is not None:
        sys.set_int_max_str_digits(0)
    try:
        return _dump(tree)
    finally:
        if limit is not None:
            sys.set_int_max_str_digits(limit)


def _dump(tree):
    out = []
    stack = [tree]  # items: values still to dump, or literal text (wrapped in a 1-tuple)
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            out.append(item[0])
        elif isinstance(item, ast.AST):
            names = item._fields + item._attributes
            out.append('{"_type":"%s"' % type(item).__name__)
            todo = []
            for name in names:
                todo.append((',"%s":' % name,))
                todo.append(getattr(item, name, None))
            todo.append(("}",))
            stack.extend(reversed(todo))
        elif isinstance(item, list):
            todo = [("[",)]
            for i, element in enumerate(item):
                if i:
                    todo.append((",",))
                todo.append(element)
            todo.append(("]",))
            stack.extend(reversed(todo))
        else:
            out.append(scalar_json(item))
    return "".join(out)


def to_json(source_bytes, filename="<file>"):
    """Parses source_bytes with CPython. Returns (json_text, None, "") when CPython accepts it, else
    (None, lineno, message): lineno is CPython's (None when it names none, e.g. a NUL byte or a
    parser stack overflow, which CPython reports as MemoryError)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escapes etc. are warnings, never errors
            tree = ast.parse(source_bytes, filename)
    except SyntaxError as e:  # also IndentationError, TabError and decoding errors
        return None, e.lineno, e.msg
    except (ValueError, MemoryError, RecursionError) as e:  # source CPython cannot turn into an AST
        return None, None, f"{type(e).__name__}: {e}"
    return dump(tree), None, ""


def main(argv):
    status = 0
    for path in argv:
        with open(path, "rb") as f:
            text, lineno, message = to_json(f.read(), path)
        if text is None:
            print(f"{path}:{lineno}: error: {message}")
            status = 1
        else:
            print(text)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

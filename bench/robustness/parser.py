"""Huge literals and the deepest expressions the parser takes (issue 22: an integer literal of a
million hex digits took 15-36 s; CPython parses it in 0.12 s). tests/parse and tests/robust build
the same inputs and assert the answers. Each input is one file, input.py.

A literal in base 2, 8 or 16 is kept as hexadecimal, in linear time; only `parse --json` prints
its decimal, by divide and conquer with Karatsuba products (src/ast/bigint.c): O(n^1.585 log n),
so that command's bound is 1.7, not n log n (`check` never makes the decimal). A decimal literal
past 4,300 digits is CPython's error, so its family grows by the number of literals; the longest
`a + a + ...` (9,995 operands) is as deep as CPython turns a tree into objects."""
import os

from run import Family

CHECK_ALL = ["check", "--no-cache", "--isolated", "--select", "ALL", "input.py"]
LITERAL_SIZES = (62500, 125000, 250000, 500000, 1000000)


def source(text_of):
    """build(n, d) writing text_of(n) to d/input.py."""
    def build(n, d):
        with open(os.path.join(d, "input.py"), "w") as f:
            f.write(text_of(n))
    return build


hex_literal = source(lambda n: "x = 0x" + "7f" * (n // 2) + "\n")

FAMILIES = [
    Family("hex literal (digits)", hex_literal, [("check --select ALL", CHECK_ALL)],
           sizes=LITERAL_SIZES),
    Family("hex literal, decimal (digits)", hex_literal,
           [("parse --json", ["parse", "--json", "input.py"])], sizes=LITERAL_SIZES, bound=1.7),
    Family("binary literal (digits)", source(lambda n: "x = 0b" + "10" * (n // 2) + "\n"),
           [("check --select ALL", CHECK_ALL)], sizes=(250000, 500000, 1000000, 2000000, 4000000)),
    Family("decimal literals of 4,300 digits", source(
        lambda n: "".join(f"x{i} = {'9' * 4300}\n" for i in range(n))),
        [("check", ["check", "--no-cache", "--isolated", "input.py"])],
        sizes=(25, 50, 100, 200, 400)),
    Family("a + a + ... (9,995 at most)", source(lambda n: "x = " + " + ".join(["a"] * n) + "\n"),
           [("check", ["check", "--no-cache", "--isolated", "input.py"])],
           sizes=(620, 1240, 2480, 4960, 9920)),
]

# f-strings: positions of every node of a concatenation spread over lines
x = 1
y = (f"{x}"
  "gap"
      f"{x!r:>{x}}" f"end{x}")
z = f"{x}" \
    "after continuation"

# A subscript missing a comma between two lines.
x[a
  b]

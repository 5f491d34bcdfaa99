# fuzz: CPython raises its generic "unexpected indent" without tokenizing further, so the
# invalid number on the next line does not override it (line 3).
 e
1e

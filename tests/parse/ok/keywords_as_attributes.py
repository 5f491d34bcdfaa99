# soft keywords and builtins as attribute and keyword-argument names
x.match = x.case = x.type = x._ = 1
f(match=1, case=2, type=3, _=4)
x.print.exec.nonlocal_ = 1

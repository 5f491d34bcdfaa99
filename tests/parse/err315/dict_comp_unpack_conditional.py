# error: 2: invalid double starred expression. Did you forget to wrap the conditional expression in parentheses?
d = {**x if x else y for x in z}

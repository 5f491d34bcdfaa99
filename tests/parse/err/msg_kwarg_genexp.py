# a keyword whose value is a generator expression without parentheses
f(a=x for x in y)

# The hint names the else arm of an unparenthesized conditional expression.
f(a if b else
  z w)

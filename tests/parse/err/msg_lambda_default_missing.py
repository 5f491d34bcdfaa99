# in a lambda the colon follows: the generic error
f = lambda x=: 1

# A yield in parentheses missing a comma.
z = (yield a
     b)

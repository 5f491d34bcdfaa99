# A name pegen takes for a soft keyword (a prefix of "case") before another expression.
x = [c
     d]

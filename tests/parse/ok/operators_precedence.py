# every operator, and the precedence and associativity between them
r1 = a | b ^ c & d << e >> f + g - h * i @ j / k // l % m ** n
r2 = -a ** -b ** c
r3 = a ** b ** c
r4 = (a ** b) ** c
r5 = not a and b or c and not d
r6 = a or b or c
r7 = a and b and c
r8 = ~-+a
r9 = not not a
r10 = - - a
r11 = a if b else c if d else e
r12 = (a if b else c) if d else e
r13 = lambda: a if b else c
r14 = a + b * c - d / e
r15 = (a + b) * (c - d)
r16 = a - b - c
r17 = a << b >> c
r18 = a @ b @ c
r19 = -a * b
r20 = a * -b
r21 = a ** -b
r22 = await_ = 1
r23 = a < b | c
r24 = not a < b
r25 = a if not b else c
r26 = a or b and c

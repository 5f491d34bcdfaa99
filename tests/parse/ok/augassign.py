# augmented assignment with every operator
x += 1
x -= 1
x *= 1
x @= 1
x /= 1
x //= 1
x %= 1
x **= 1
x >>= 1
x <<= 1
x &= 1
x ^= 1
x |= 1
a.b += 1
a[0] += 1
(x) += 1

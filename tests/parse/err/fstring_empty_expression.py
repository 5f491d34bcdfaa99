# f-string: an empty replacement field
x = f"{}"

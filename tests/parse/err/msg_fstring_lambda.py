# a lambda in a replacement field must be parenthesized
x = f"{lambda: 1}"

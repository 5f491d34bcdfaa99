# ** cannot start a replacement field expression
x = f"{**a}"

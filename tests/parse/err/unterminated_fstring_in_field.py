x = 1
s = f"{x"

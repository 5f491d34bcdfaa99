x = f"{x
+ y

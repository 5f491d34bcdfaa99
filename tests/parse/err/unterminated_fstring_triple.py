x = 1
s = f"""abc{x}
more

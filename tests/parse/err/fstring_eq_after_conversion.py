x = f"{x!r=}"

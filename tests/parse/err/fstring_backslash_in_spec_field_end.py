x = f"{x:{y\n}}"

x = f"{x:{y}"

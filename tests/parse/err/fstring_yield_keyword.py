x = f"{def}"

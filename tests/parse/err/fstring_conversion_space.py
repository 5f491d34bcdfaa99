x = f"{x! r}"

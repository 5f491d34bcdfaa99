x = f"{lambda x: x}"

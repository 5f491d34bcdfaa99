s = f"{f'{x}"

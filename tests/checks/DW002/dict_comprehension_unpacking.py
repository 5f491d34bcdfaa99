dicts = [{1: 2}]
merged = {**d for d in dicts}  # expect: DW002

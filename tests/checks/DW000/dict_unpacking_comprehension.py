# Dict unpacking in a dict comprehension (3.15 accepts it; 3.13 does not).
merged = {**m for m in maps}  # expect: DW000 "dict unpacking cannot be used in dict comprehension"

# Dict unpacking in a dict comprehension (valid only from 3.15).
d = {**m for m in M}

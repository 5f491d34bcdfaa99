# f-strings: f-strings as arguments, keys, subscripts and defaults
x = {"k": 1}
print(f"{x}", sep=f"{x['k']}")
y = x[f"{'k'}"]
def f(a=f"{x}"): return f"{a}"
z = {f"{k}": v for k, v in x.items()}

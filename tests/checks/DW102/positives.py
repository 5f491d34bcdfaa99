# DW102 identical-conditional-expression: `A if C else A`.
import os


class Trainer:
    # The doc example: the fallback was meant to be a default.
    def timeout(self):
        return self.timeout_s if self.timeout_s is not None else self.timeout_s  # expect: DW102

    # Same call on both sides.
    def device(self, rank):
        return self.get_device(rank) if self.cuda else self.get_device(rank)  # expect: DW102 "self.get_device(rank)"

    # In an assignment, with layout differences (parentheses, quotes, spaces).
    def mode(self):
        self.tag = ('train') if self.training else "train"  # expect: DW102
        return self.tag

    # Inside a call's keyword argument.
    def loader(self, ds):
        return make_loader(ds, shuffle=True if self.training else True)  # expect: DW102

    # In a default argument value.
    def save(self, path=os.getcwd() if os.name == "nt" else os.getcwd()):  # expect: DW102
        return path


# Inside a lambda: DW102 is syntactic, lambdas are looked at too.
key_fn = lambda row: row.id if row.primary else row.id  # expect: DW102

# In a comprehension.
NAMES = [n.lower() if n.isupper() else n.lower() for n in ("A", "b")]  # expect: DW102

# Nested: the inner conditional expression is the one with equal results.
LEVEL = "debug" if os.environ.get("V") else ("info" if os.environ.get("Q") else "info")  # expect: DW102

# Both sides the same nested conditional expression: the outer one is reported (and its equal
# results are not looked inside again).
MODE = ("a" if os.sep else "b") if os.name else ("a" if os.sep else "b")  # expect: DW102

# Split over lines: reported where the expression starts.
PATH = (
    os.path.join("data", "train")  # expect: DW102
    if os.path.exists("data")
    else os.path.join("data", "train")
)

# In an f-string replacement field.
MSG = f"{'yes' if os.name == 'posix' else 'yes'}"  # expect: DW102

# Dict value and subscript.
CFG = {"workers": 4 if os.cpu_count() else 4}  # expect: DW102
FIRST = [1, 2][0 if CFG else 0]  # expect: DW102

# Tuples and lists with the same elements.
SHAPE = (3, 224, 224) if CFG else (3, 224, 224)  # expect: DW102


# In a return of an async function, with await on both sides.
async def fetch(client, url, cached):
    return await client.get(url) if cached else await client.get(url)  # expect: DW102


# As the iterable of a for loop and as a condition.
def walk(tree, deep):
    for node in tree.children if deep else tree.children:  # expect: DW102
        print(node)
    if node.left if deep else node.left:  # expect: DW102
        return node


# In a decorator.
def register(name):
    return lambda f: f


@register("fast" if os.environ.get("FAST") else "fast")  # expect: DW102
def kernel():
    pass

# type parameters on functions and classes
def first[T](xs: list[T]) -> T:
    return xs[0]

def many[T: int, *Ts, **P](*args: *Ts, **kw: P.kwargs) -> T: ...

class Box[T]:
    pass

class Tree[K: (int, str), V](Base[K], metaclass=Meta):
    pass

async def fetch[T](x: T) -> T: return x

def trailing[T,](): pass
class Trailing[T, *Ts, **P,]: pass

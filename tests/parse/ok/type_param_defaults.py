# type parameter defaults (PEP 696, 3.13)
def f[T = int](): pass
class C[T: int = bool, *Ts = *tuple[int, str], **P = [int, str]]: pass
type A[T = int] = list[T]
type B[**P = ..., *Ts = *tuple[()]] = None
def g[T: (int, str) = str](): pass
class D[*Ts = int]: pass

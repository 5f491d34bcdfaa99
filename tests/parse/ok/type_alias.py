# type statements (PEP 695), with every kind of type parameter
type X = int
type ListOrSet[T] = list[T] | set[T]
type Pair[K, V] = tuple[K, V]
type Bounded[T: int] = list[T]
type Constrained[T: (int, str)] = list[T]
type Variadic[*Ts] = tuple[*Ts]
type Params[**P] = Callable[P, int]
type Recursive = list[Recursive] | int
type Lazy = "Forward"

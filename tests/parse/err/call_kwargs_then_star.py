# iterable unpacking after keyword unpacking
f(**x, *y)

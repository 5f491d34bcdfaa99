# type comments are plain comments for ast.parse without type_comments=True
x = 1  # type: int
def f(a,  # type: int
      ):
    # type: (...) -> None
    pass
for i in y:  # type: int
    pass
with a as b:  # type: int
    pass
# type: ignore

# comments in every place a comment can go
x = (  # after an open paren
    1,  # after an element
    # on its own line
    2
)  # after the close
def f(  # in a def
    a,  # param
):  # before the body
    # first line of body
    pass  # trailing

    # indented comment in blank area
# dedented comment inside a block
    return a
#

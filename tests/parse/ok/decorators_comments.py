# comments and blank lines between decorators and the definition
@a
# a comment

@b  # trailing

def f():
    pass

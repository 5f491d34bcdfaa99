f"""An f-string in docstring position is not a docstring, but parses."""
x = 1

def f():
    f"still {x}"

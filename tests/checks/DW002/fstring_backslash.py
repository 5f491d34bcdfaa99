names = ["a", "b"]
text = f"{chr(92) + "\\n".join(names)}"  # expect: DW002

names = ["a", "b"]
text = f"{", ".join(names)}"  # expect: DW002

name = "x"
greeting = t"Hello {name}"  # expect: DW002

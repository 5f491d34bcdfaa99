lists = [[1], [2]]
flat = [*xs for xs in lists]  # expect: DW002

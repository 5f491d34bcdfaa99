# a key and its colon, then the next pair: CPython says what is missing, at the colon
x = {1: 2, 3:, 4: 5}

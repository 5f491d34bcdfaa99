# A dict display missing a comma between two lines: CPython names the line of the value before.
d = {1: 2
     3: 4}

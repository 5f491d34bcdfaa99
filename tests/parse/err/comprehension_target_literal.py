y = [x for 1 in z]

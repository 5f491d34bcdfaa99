x = t'{a!x}'

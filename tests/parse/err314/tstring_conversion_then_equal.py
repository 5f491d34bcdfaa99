x = t'{a!r=}'

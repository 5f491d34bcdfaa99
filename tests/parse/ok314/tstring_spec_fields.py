x = t'{a:{b}x{c}}'

x = t'{a!r}' t'{b}' 

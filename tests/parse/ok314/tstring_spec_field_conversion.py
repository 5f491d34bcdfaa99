x = t'{a:{b!r}}'

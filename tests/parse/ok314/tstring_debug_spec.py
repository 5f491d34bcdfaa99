x = t'{a=:x}'

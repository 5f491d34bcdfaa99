x = a$b

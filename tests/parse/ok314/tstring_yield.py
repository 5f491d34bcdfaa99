x = t'{yield}'

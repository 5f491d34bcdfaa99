s = 'line one
line two'

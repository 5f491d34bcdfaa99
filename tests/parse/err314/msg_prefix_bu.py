x = bu'x'

x = bt'x'

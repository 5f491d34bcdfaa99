x = tu'x'

x = ut'x'

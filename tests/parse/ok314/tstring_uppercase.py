x = T'x'

x = ft'x'

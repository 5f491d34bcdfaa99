x = fb'{x}'

x = t'a' b'b'

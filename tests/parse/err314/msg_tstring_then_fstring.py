x = t'a' f'b'

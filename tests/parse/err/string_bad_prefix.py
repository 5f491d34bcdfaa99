x = bf'abc'

# bytes can only hold ASCII
x = b'é'

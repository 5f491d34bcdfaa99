# indentation by tabs only
if a:
	if b:
		pass
	else:
		x = 1

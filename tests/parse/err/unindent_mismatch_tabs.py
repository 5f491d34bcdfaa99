if x:
		if y:
			pass
	z = 1

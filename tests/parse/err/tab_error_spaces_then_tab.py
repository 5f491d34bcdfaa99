if x:
  pass
	pass

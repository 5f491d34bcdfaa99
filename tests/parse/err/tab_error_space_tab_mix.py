if x:
    	pass
	pass

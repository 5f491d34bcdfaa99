# tabs in one block and eight spaces in another: consistent, so accepted
if a:
	pass
if b:
        pass
if c:
    	pass

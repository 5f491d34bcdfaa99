# tabs between tokens and inside brackets
x	=	1
y = (	1,
		2)

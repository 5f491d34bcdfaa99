"""DW105 fixes keep CRLF line endings and tabs."""


def f(x):
	if x:
		return 1
		x += 1
	else:
		return 2
	print(x)


def g():
	try:
		return 1
	except Exception:
		return 2
	except ValueError:
		return 3

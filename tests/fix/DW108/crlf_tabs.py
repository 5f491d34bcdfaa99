"""DW108 fixes keep CRLF line endings and tabs."""


def f(a, b):
	if a:
		v = a.x
		v = b
		return v
	else:
		w = a
	w = b
	return w

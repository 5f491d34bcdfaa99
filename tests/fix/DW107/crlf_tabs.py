"""DW107 fixes keep CRLF line endings and tabs."""


def ready():
	return True


def go():
	if ready:	# always true
		return 1

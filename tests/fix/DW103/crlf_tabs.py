"""DW103 fixes in a file of CRLF line ends and tab indentation: both kept."""


def route(mode, log):
	if mode == "a":
		log.append(mode)  # the shared arm
		log.append(1)
	elif mode == "b":
		log.append("b")
	elif mode == "c":
		log.append(mode)  # the shared arm
		log.append(1)
	return log

def tabs(flag, log):
	if flag:
		log.append(1)
		if log:
			log.append(2)
	else:
		log.append(1)
		if log:
			log.append(2)


def two_space(flag, log):
  if flag is True:
    log.append(1)
  else:
    log.append(1)

# CRLF line ends stay CRLF, and so does the text around the fix
def crlf(flag, log):
    if flag:
        log.append(1)
        log.append(2)
    else:
        log.append(1)  # noqa: E501
        log.append(2)
    return log


def crlf_unsafe(queue, log):
    if queue.pop():  # a comment that goes with the test
        log.append(1)
    else:
        log.append(1)

"""DW101 fixes: the tests that decide nothing go, the else body stays (re-indented)."""


def pure_test(x, log):
    if x is None:
        log.append("x")
        for i in range(3):
            log.append(i)
    else:
        log.append("x")
        for i in range(3):
            log.append(i)
    return log


def effectful_test(queue, log):
    if queue.pop():
        log.append(1)
    else:
        log.append(1)


def elif_pure(mode, log):
    if mode == "a":
        log.append("a")
    elif mode == "b":
        log.append("other")
        log.append(mode)
    else:
        log.append("other")
        log.append(mode)


def elif_effectful(it, log):
    if it is None:
        return
    elif next(it):
        log.append(2)
        log.append(it)
    else:
        log.append(2)
        log.append(it)


def elif_effectful_same_line(it, log):
    if it is None:
        return
    elif next(it):
        log.append(3); log.append(it)
    else: log.append(3); log.append(it)


def all_arms(mode, log):
    if mode == 1:
        log.append(mode)
    elif mode == 2:
        log.append(mode)
    else:
        log.append(mode)


def all_arms_effectful(a, b, log):
    if a.check():
        log.append(0)
    elif b.check():
        log.append(0)
    else:
        log.append(0)


def else_on_one_line(flag, log):
    if flag: log.append(1)
    else: log.append(1)


def nested_under_else(a, b, log):
    if a:
        log.append("a")
    else:
        if b:
            log.append("b")
            log.append(b)
        else:
            log.append("b")
            log.append(b)


def walrus(data, log):
    if (n := len(data)) > 3:
        log.append(n)
    else:
        log.append(n)


def keeps_strings(flag):
    if flag:
        text = """first
    indented inside the string
last"""
    else:
        text = """first
    indented inside the string
last"""
    return text


def keeps_comments_of_the_kept_body(flag, log):
    if flag:
        log.append(1)
        log.append(2)
    else:
        # this comment is in the body that stays
        log.append(1)
        log.append(2)  # and so is this one


def loses_a_comment(flag, log):
    if flag:  # why the test was here
        log.append(1)
    else:
        log.append(1)


def multi_line_test(a, b, log):
    if (a and
            b):
        log.append(a)
    else:
        log.append(a)


def continuation_lines(flag, log):
    if flag:
        log.extend([1,
            2])
    else:
        log.extend([1,
            2])

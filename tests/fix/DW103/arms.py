"""DW103 fixes: the later arm's test joined to the earlier arm's with `or`."""


def adjacent(mode, log):
    if mode == "a":
        log.append(1)
        log.append(2)
    elif mode == "b":
        log.append(1)
        log.append(2)
    elif mode == "c":
        log.append(3)


def apart(mode, log):
    if mode == "a":
        log.append(1)
        log.append(2)
    elif mode == "b":
        log.append(3)
    elif mode == "c":
        log.append(1)
        log.append(2)


def all_alike_no_else(mode, log):
    if mode == "a":
        log.append(1)
        log.append(2)
    elif mode == "b":
        log.append(1)
        log.append(2)
    elif mode.startswith("c"):
        log.append(1)
        log.append(2)


def tests_needing_parentheses(a, b, log):
    if (n := len(a)) > 2:
        log.append(n)
        log.append(b)
    elif b if a else None:
        log.append(n)
        log.append(b)
    else:
        log.append(0)


def comment_in_deleted_arm(mode, log):
    if mode == "a":
        log.append(1)
        log.append(2)
    elif mode == "b":
        # the b case
        log.append(1)
        log.append(2)
    else:
        log.append(0)


def under_else(a, b, log):
    if a:
        log.append(1)
        log.append(2)
    else:
        if b:
            log.append(1)
            log.append(2)


def apart_but_disjoint(mode, log):
    if mode == "a":
        log.append(1)
        log.append(2)
    elif mode in ("b", "d"):
        log.append(3)
    elif mode == "c":
        log.append(1)
        log.append(2)


def apart_same_literal_kinds_only(n, log):
    if n == 1:
        log.append(1)
        log.append(2)
    elif n == 1.0:
        log.append(3)
    elif n == 2:
        log.append(1)
        log.append(2)


def blank_lines_between(state, log):
    if state == 1:
        log.append(1)
        log.append(2)

    elif state == 2:
        log.append(1)
        log.append(2)

    elif state == 3:
        log.append(1)
        log.append(2)

    log.append(0)


def else_arm_apart(mode, log):
    if mode == "a":
        log.append(1)
        log.append(2)
    elif mode == "b":
        log.append(3)
    else:
        log.append(1)
        log.append(2)


def apart_shared_literal(mode, log):
    if mode == "a":
        log.append(1)
        log.append(2)
    elif mode in ("b", "c"):
        log.append(3)
    elif mode == "c":
        log.append(1)
        log.append(2)


def apart_other_subject(mode, kind, log):
    if mode == "a":
        log.append(1)
        log.append(2)
    elif kind == "b":
        log.append(3)
    elif mode == "c":
        log.append(1)
        log.append(2)


def apart_from_another_test(flag, mode, log):
    if flag:
        log.append(1)
        log.append(2)
    elif mode == "b":
        log.append(3)
    elif mode == "c":
        log.append(1)
        log.append(2)

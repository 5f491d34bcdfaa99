"""DW103 fixes beside a type checker's directives: arms that differ in one are not joined."""


def same_directive(mode, log):
    if mode == "a":
        log.append(mode.upper())  # type: ignore[attr-defined]
        log.append(1)
    elif mode == "b":
        log.append("b")
    elif mode == "c":
        log.append(mode.upper())  # type: ignore[attr-defined]
        log.append(1)


def other_directive(mode, log):
    if mode == "a":
        log.append(mode.upper())  # type: ignore[attr-defined]
        log.append(1)
    elif mode == "b":
        log.append("b")
    elif mode == "c":
        log.append(mode.upper())  # pyright: ignore[reportAttributeAccessIssue]
        log.append(1)


def other_comment(mode, log):
    if mode == "a":
        log.append(mode.upper())  # the first
        log.append(1)
    elif mode == "b":
        log.append("b")
    elif mode == "c":
        log.append(mode.upper())  # the second: lost, so the fix is unsafe
        log.append(1)

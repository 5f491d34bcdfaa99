"""--add-noqa: a comment on each line with a finding, merged into the line's own list."""


def plain(x):
    return x if x else x


def merged(x):
    return x if x else x  # noqa: E501


def merged_spaced(x):
    return x if x else x  # noqa:E501,W291  # and a remark


def two_on_a_line(x, y):
    return (x if x else x), (y if y else y)


def trailing_blanks(x):
    return x if x else x   


def other_comment(x):
    return x if x else x  # a comment of its own


def branches(x, log):
    if x:
        log.append(1)
    else:
        log.append(1)

"""--add-noqa: a line holding the file's `# deadwood: noqa: ...` cannot take a line's list: a
`# noqa` after it in the same comment would not be read, one before it would hide it (skip)."""


def f(x, log):
    if x:  # deadwood: noqa: DW201
        log.append(1)
    else:
        log.append(1)

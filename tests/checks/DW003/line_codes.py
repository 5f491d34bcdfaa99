# DW003: deadwood codes in `# noqa` comments that silence nothing on their line.


def unused_after_a_fix(x):
    y = x + 1  # noqa: DW201  # expect: DW003 "no DW201 finding on this line"
    return y


def one_of_two(flag):
    return 1 if flag else 1  # noqa: DW102, DW101  # expect: DW003 "no DW101 finding"


def typo(x):
    return x  # noqa: DW999  # expect: DW003 "`DW999` in a `noqa` comment is not a deadwood rule code"


def lowercase_spelling(flag):
    return 2 if flag else 3  # NOQA:DW102  # expect: DW003 "no DW102 finding"


def twice_on_one_line(flag):
    return 2 if flag else 3  # noqa: DW102, DW102  # expect: DW003, DW003


def moved_finding(a):
    if a:  # noqa: DW101  # expect: DW003 "no DW101 finding on this line"
        b = a
    else:
        b = -a  # the arms differ now; the comment stayed
    return b


def none_checks(buf):
    if buf is None:
        return 0  # noqa: DW201  # expect: DW003
    return buf.size  # noqa: DW202  # expect: DW003


def unknown_group(x):
    return x  # noqa: DW100  # expect: DW003 "not a deadwood rule code"


def other_codes_and_an_unused_one(x):
    return x == None  # noqa: E711, DW104  # expect: DW003 "no DW104 finding"


# ---- look-alikes ---------------------------------------------------------------------------


def used(flag):
    return 1 if flag else 1  # noqa: DW102  # ok: it silences the DW102 on this line


def used_any_case(flag):
    return 1 if flag else 1  # NoQa:dw102  # ok


def other_tools_only(x):
    return x == None  # noqa: E711  # ok: not deadwood's code


def blanket(x):
    return x  # noqa  # ok: a bare noqa is other tools' business too


def blanket_with_colon(x):
    return x  # noqa:  # ok: a colon and no codes is a blanket, as ruff reads it


def flake8_codes(x):
    return x  # noqa: E501,W291  # ok


def used_on_an_if(a):
    if a:  # noqa: DW101  # ok: silences the identical branches
        b = a
    else:
        b = a
    return b


def used_dereference(buf):
    if buf is None:
        return buf.size  # noqa: DW201  # ok
    return 0


def not_a_noqa_comment(x):
    return x  # see the noqa policy: DW201  # ok


def pyflakes_style(x):
    import os  # noqa: F401  # ok
    return x

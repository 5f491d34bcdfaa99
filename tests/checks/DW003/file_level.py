# deadwood: noqa: DW101, DW104  # expect: DW003 "no DW104 finding in this file"
# The file-level form: DW101 is silenced on every line of this file (and used), DW104 nowhere.


def first(a):
    if a:  # ok: DW101 silenced by the file-level comment
        b = a
    else:
        b = a
    return b


def second(a):
    if a:  # ok: the same comment silences this one too
        return 1
    else:
        return 1


def not_silenced(flag):
    return 1 if flag else 1  # expect: DW102

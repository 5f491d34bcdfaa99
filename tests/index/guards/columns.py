# Columns count characters, not bytes: "ï" is two bytes of UTF-8 and one column.


def widen(value):
    return value


def naïve_caller():
    naïve = 1; widen(naïve)
    return widen(naïve)

# Integers past int64 are compared by value, whatever base they were written in.
def limit(wide):
    if wide:  # expect: DW101
        top = 0xFFFFFFFFFFFFFFFFFFFF
    else:
        top = 1208925819614629174706175
    return top


def mask(wide):
    if wide:  # ok: different values
        m = 0o7777777777777777777777777
    else:
        m = 0b11111111111111111111111111111111111111111111111111111111111111111111111111
    return m

# CRLF line ends, a multi-line string and a backslash continuation before the error: the
# line count must follow CPython's.
HELP = """
usage: tool [options]
"""
TOTAL = 1 + \
    2
def main(:  # expect: DW000
    pass

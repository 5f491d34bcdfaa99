# Python 2 code that was never ported.
import sys

if len(sys.argv) < 2:
    print "usage: tool FILE"  # expect: DW000 "Missing parentheses in call to 'print'"
    sys.exit(2)

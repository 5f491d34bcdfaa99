# A Python 2 octal literal.
import os

os.chmod("run.sh", 0755)  # expect: DW000 "leading zeros in decimal integer literals"

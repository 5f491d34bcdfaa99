# The file ends in the middle of a UTF-8 sequence (a truncated download).
SYMBOL = "â‚"  # expect: DW001

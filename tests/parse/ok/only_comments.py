# only comments
# and nothing else
    # even indented ones

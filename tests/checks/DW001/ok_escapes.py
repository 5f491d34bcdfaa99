# Non-ASCII bytes written as escapes are plain ASCII source.
MAGIC = b"\xff\xfe"  # ok
NAME = "caf\xe9"  # ok

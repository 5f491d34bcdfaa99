#!/usr/bin/env python3  # expect: DW001 "unknown encoding: bogus"
# coding: bogus
# The cookie on line 2 counts when line 1 is a comment; the finding is about the whole file
# and is reported at its start.
x = 1

#!/usr/bin/env python3
#
# coding: bogus  # ok: line 3 is never a cookie
x = "coding: bogus"  # ok

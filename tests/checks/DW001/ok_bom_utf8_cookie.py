# -*- coding: utf-8 -*-
# A BOM with a cookie that agrees.
NAME = "été"  # ok

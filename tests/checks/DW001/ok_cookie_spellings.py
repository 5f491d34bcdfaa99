# -*- coding: UTF8 -*-
X = "é"  # ok: Python accepts "UTF8", "utf_8", "utf-8"

# -*- coding: latin-1 -*-
# Latin-1 bytes under a Latin-1 cookie.
NAME = "José"  # ok: 0xe9 is é in Latin-1

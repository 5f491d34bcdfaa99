# -*- coding: no-such-encoding -*-
x = 1

# -*- coding: latin-1 -*-
x = 'café'
naïve = 1

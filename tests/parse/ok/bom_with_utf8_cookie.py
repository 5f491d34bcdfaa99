# -*- coding: utf-8 -*-
x = 'é'

#!/usr/bin/env python
# coding: iso-8859-15
x = '€'

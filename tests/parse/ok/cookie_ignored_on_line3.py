#!/usr/bin/python3
#
# coding: latin-1
x = 'é'

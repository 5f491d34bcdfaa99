# coding: utf-8-sig
x = 'é'

# coding: ascii
NAME = "café"  # expect: DW001 "'ascii' codec"

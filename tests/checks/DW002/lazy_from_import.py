lazy from os import path  # expect: DW002

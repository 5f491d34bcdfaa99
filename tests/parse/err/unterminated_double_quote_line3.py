# unterminated on line 3
a = 1
b = "abc

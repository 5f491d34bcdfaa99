# f-strings: format specs that are only text, and odd characters in them
import datetime
now = datetime.datetime(2020, 1, 1)
a = f"{now:%Y-%m-%d %H:%M}"
b = f"{now:%%}"
c = f"{1:!<10}"
d = f"{1:=^10}"
e = f"{1:#}"
g = f"{1:a:b:c}"
h = f"{1:\t}"

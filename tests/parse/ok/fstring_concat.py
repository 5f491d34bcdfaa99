# f-strings: implicit concatenation with plain, u- and other f-strings
x = 1
a = "plain " f"{x}" " tail"
b = f"{x}" "middle" f"{x}"
c = u"unicode " f"{x}"
d = f"{x}" u"u"
e = ("one "
     f"{x} "
     "two "
     f"{x}")
g = "" f"" ""
h = f"" "" f"{x}"
i = r"\raw " f"{x}"
j = f"a" "b" "c"
k = "a" f"b" "c"

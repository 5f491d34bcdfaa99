# f-strings: non-ASCII literal text and expressions (positions are UTF-8 bytes)
café = "x"
a = f"é{café}ü{café!r}€"
b = f"\N{EM DASH}{café}\N{BULLET}"
c = f"日本語{café:>{len('日本')}}語"
d = f"😀{café}😀"

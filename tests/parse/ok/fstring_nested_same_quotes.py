# f-strings: PEP 701 lets a nested string reuse the enclosing quote
songs = ["a", "b"]
a = f"{", ".join(songs)}"
b = f'{'-'.join(songs)}'
c = f"{f"{f"{songs[0]}"}"}"
d = f"""{f"""{songs}"""}"""
e = f"{songs["0" == "0"]}"

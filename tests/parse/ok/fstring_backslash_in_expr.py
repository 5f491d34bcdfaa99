# f-strings: backslashes inside the expression part (3.12+)
words = ["a", "b"]
a = f"{'\n'.join(words)}"
b = f"{"\t"}"
c = f"{'\N{BULLET}'} item"
d = f"{words!r:\>10}"
e = f"line\n{words[0]}\ttab"

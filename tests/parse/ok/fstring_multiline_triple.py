# f-strings: triple-quoted f-strings with literal newlines and fields on many lines
x = 1
a = f"""
first {x}
  second {x:>{
  4}}
third"""
b = f'''{x}
{x!r}'''
c = f"""{
    x
}"""

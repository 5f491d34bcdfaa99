# f-strings: comments inside multi-line replacement fields
x = 1
a = f"{x # the value
}"
b = f"""{
    x  # a comment
    + 1  # another
}"""
c = f"{
    x # comment with } and { and "quotes"
}"

# strings: every quote style, quotes inside other quotes
a = 'single "double" inside'
b = "double 'single' inside"
c = '''triple single with ' and '' and "'''
d = """triple double with " and "" and '"""
e = """ends with escaped quote\""""
f = '''ends with escaped quote\''''
g = 'escaped \' quote'
h = "escaped \" quote"
i = """a""" """b"""

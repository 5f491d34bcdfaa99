# In 3.13 t"x" is a name followed by a string: no "forgot a comma" hint.
print(t"x")

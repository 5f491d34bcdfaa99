# ** unpacking given a value
f(**a=1)

# * unpacking given a value after ** unpacking: the assignment is named first
f(**a, *b=1)

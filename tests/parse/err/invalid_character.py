# a character that is not Python
x = 1 € 2

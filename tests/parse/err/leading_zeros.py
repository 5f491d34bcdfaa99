# leading zeros in a decimal integer
x = 012

# A parenthesized assignment expression is a slice bound like any other.
x[(a := 0):]
x[:(a := 0)]
x[(a := 0):(b := 1):(c := 2)]
x[(a := 0):, 1]

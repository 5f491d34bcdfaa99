type X =

# `=` after an attribute in a condition: it cannot be assigned to there
while x.y = 1:
    pass

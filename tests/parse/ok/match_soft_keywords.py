# match: match, case and _ remain ordinary names everywhere else
match = 1
case = 2
_ = 3
print(match, case, _)
match(x)
match[x]
match.x = 1
match * 2
match -1
x.match.case = 1
def match(case): return case
class case: pass
import match as case
for match in case: pass
match (case):
    case case:
        pass
match match:
    case match:
        pass
match = match + case
match, case = 1, 2

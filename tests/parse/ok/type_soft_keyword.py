# type is an ordinary name unless it starts a type statement
type = 1
type(x)
type.x = 1
print(type)
type[int]
type, = (1,)
x = type
def type(): pass
class type: pass
type = type
type X = type
type type = int
type.type = type

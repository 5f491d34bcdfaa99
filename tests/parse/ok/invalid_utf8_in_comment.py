# ast.parse(bytes) does not decode comments: an undecodable byte there passes
x = 1
# café
y = 2

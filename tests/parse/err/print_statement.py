# Python 2 print statement
print "hello"

# global at module level and statements separated by blank lines



x = 1


global x




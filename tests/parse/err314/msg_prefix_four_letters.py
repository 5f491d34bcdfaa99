# four prefix letters
x = rbft'a'

# no cookie: UTF-8 is the default
x = 1
y = 'été'

# vim: set fileencoding=koi8-r :
x = 'Привет'
переменная = 1

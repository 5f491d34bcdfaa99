# five: every prefix letter once
x = burft'a'

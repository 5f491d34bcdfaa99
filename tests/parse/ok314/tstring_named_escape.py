x = t'\N{BULLET} {a}'

# Python 2's exec statement.
exec 'a'

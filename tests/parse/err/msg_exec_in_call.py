# exec inside a call.
f(
  exec 1)

# non-ASCII identifiers
café = 1
変数 = 2
Ωμέγα = 3
переменная = 4
_é = 5

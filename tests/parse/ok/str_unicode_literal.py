# strings: non-ASCII literal text; later columns count UTF-8 bytes
a = "é"; b = 1
c = "日本語"; d = 2
e = "😀😀"; g = 3
h = "mixé" "日本"

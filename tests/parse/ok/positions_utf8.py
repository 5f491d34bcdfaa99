# positions: columns are UTF-8 byte offsets after non-ASCII text
é = 1; b = é + 2
日本 = "語"; c = 日本
x = "😀" + y; z = 3
# comment with é does not shift the next line
w = 4

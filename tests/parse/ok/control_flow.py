# if/elif/else, while/else, for/else, break and continue
if a:
    pass
elif b:
    pass
elif c:
    pass
else:
    pass
while a:
    break
else:
    pass
for x in y:
    continue
else:
    pass
for x, y in z: pass
for (x, y) in z: pass
for [x, y] in z: pass
for x.y in z: pass
for x[0] in z: pass
while True:
    if a: break
    if b: continue

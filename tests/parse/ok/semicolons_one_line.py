# semicolons and one-line compound statements
a = 1; b = 2
c = 3;
if x: a; b
while 0: break
for x in y: pass; continue
class C: pass
def f(): return 1
with a: pass
try: pass
except: pass
else: pass
finally: pass

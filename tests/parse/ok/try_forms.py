# try: every clause combination
try:
    pass
except:
    pass
try:
    pass
except E:
    pass
except (A, B) as e:
    pass
except a.b.C as e:
    pass
else:
    pass
try:
    pass
finally:
    pass
try:
    pass
except E as e:
    pass
finally:
    pass

# except* (PEP 654)
try:
    pass
except* ValueError:
    pass
except* (TypeError, KeyError) as e:
    pass
except *OSError:
    pass
else:
    pass
finally:
    pass

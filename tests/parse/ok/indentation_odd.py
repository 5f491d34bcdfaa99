# indentation: odd widths, dedents of several levels at once, comment lines at any indent
if a:
 if b:
         if c:
                  pass
x = 1
if a:
   pass
       # a comment at a deeper indent is ignored
  # and at a shallower one too
   pass

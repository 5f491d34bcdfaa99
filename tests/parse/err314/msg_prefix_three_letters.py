# three prefix letters, two of which cannot mix (read past the lexer's fast path for names)
x = Trb'a'

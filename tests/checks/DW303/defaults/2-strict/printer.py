class Printer:
    PREC_MUL = 50
    PREC_POW = 60

    def wrap(self, item, level, strict=False):
        if self.precedence(item) < level or (not strict and self.precedence(item) <= level):
            return "(%s)" % self.show(item)
        return self.show(item)

    def show_mul(self, expr):
        a, b = self.split_fraction(expr)
        prec = self.PREC_MUL
        a_str = [self.wrap(x, prec, strict=False) for x in a]
        b_str = [self.wrap(x, prec, strict=False) for x in b]
        if not b:
            return "*".join(a_str)
        return "*".join(a_str) + "/" + "*".join(b_str)

    def show_pow(self, expr):
        prec = self.PREC_POW
        base = self.wrap(expr.base, prec, strict=True)
        exp = self.wrap(expr.exp, prec)
        if expr.exp == -1:
            return "1/" + base
        return base + "**" + exp

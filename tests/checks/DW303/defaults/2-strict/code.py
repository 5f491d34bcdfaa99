from printer import Printer


class CodePrinter(Printer):
    def show_mul(self, expr):
        a, b = self.split_fraction(expr)
        prec = self.PREC_MUL
        a_str = [self.wrap(x, prec) for x in a]  # ok: strict=False is the default
        b_str = [self.wrap(x, prec) for x in b]
        if not b:
            return "*".join(a_str)
        return "*".join(a_str) + "/(" + "*".join(b_str) + ")"

    def show_pow(self, expr):
        prec = self.PREC_POW
        base = self.wrap(expr.base, prec)  # expect: DW303 "CodePrinter.show_pow still has" "strict=True"
        exp = self.wrap(expr.exp, prec)
        if expr.exp == -1:
            return "1/" + base
        return "pow(%s, %s)" % (base, exp)

from printer import Printer


class FortranPrinter(Printer):
    def print_add(self, expr):
        terms = self.order_terms(expr)
        parts = []
        column = 6
        for term in terms:
            text = self.emit(term)
            op = "+"
            if text.startswith("-"):  # ok: borrowed, not copied (5 of its 15 statements are the base's 12)
                op, text = "-", text[1:]
            chunk = " %s %s" % (op, text)
            if column + len(chunk) > 72:
                parts.append("     &")
                column = 6
            parts.append(chunk)
            column += len(chunk)
        return "".join(parts).lstrip(" +")

    def print_mul(self, expr):
        factors = self.order_factors(expr)
        parts = []
        for factor in factors:
            text = self.emit(factor)
            if self.precedence(factor) < self.PREC_MUL:  # expect: DW303 "FortranPrinter.print_mul still has"
                text = "(" + text + ")"
            parts.append(text)
        sign = self.sign_of(expr)
        return sign + "*".join(parts).upper()

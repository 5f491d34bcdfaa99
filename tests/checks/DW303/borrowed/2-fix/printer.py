class Printer:
    PREC_MUL = 50

    def print_add(self, expr):
        terms = self.order_terms(expr)
        parts = []
        for term in terms:
            text = self.emit(term)
            if text.startswith("-") and not term.is_group:
                parts.append("- " + text[1:])
            else:
                parts.append("+ " + text)
        if not parts:
            return "0"
        sign = parts[0][0]
        return sign + " ".join(parts)[1:]

    def print_mul(self, expr):
        factors = self.order_factors(expr)
        parts = []
        for factor in factors:
            text = self.emit(factor)
            if self.precedence(factor) < self.PREC_MUL or factor.is_group:
                text = "(" + text + ")"
            parts.append(text)
        sign = self.sign_of(expr)
        return sign + "*".join(parts)

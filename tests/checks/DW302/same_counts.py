"""Identical overrides and look-alikes at the edges of the shapes compared before any method is
read again (summary.c: sixteen counts of statements by a shallow key, saturating at 15)."""


class Counter:
    def bump(self):
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        return self.n

    def reset(self):
        return 0

    def name(self):
        return self.label

    def clear(self):
        self.items.clear()


class SameCounter(Counter):
    def bump(self):  # expect: DW302
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        return self.n

    def reset(self):  # expect: DW302
        return 0

    def name(self):  # ok: another attribute is returned
        return self.title

    def clear(self):  # ok: another method is called
        self.items.pop()


class OneMore(Counter):
    def bump(self):  # ok: one `self.n += 1` more, past the count of 15 the shapes keep
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        self.n += 1
        return self.n

    def reset(self):  # ok: another constant
        return 1

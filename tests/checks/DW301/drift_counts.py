"""Near copies whose statements repeat past what the shapes count (a count saturates at 15):
the bound made from the shapes must still let them through to be compared."""


class Tally:
    def count(self, rows):
        total = 0
        total += rows[0]
        total += rows[1]
        total += rows[2]
        total += rows[3]
        total += rows[4]
        total += rows[5]
        total += rows[6]
        total += rows[7]
        total += rows[8]
        total += rows[9]
        total += rows[10]
        total += rows[11]
        total += rows[12]
        total += rows[13]
        total += rows[14]
        total += rows[15]
        total += rows[16]
        return total

    def sum_all(self, rows):
        total = 0
        total += rows[0]
        total += rows[1]
        total += rows[2]
        total += rows[3]
        total += rows[4]
        total += rows[5]
        total += rows[6]
        total += rows[7]
        total += rows[8]
        total += rows[9]
        total += rows[10]
        total += rows[11]
        total += rows[12]
        total += rows[13]
        total += rows[14]
        total += rows[15]
        total += rows[16]
        total += rows[17]
        total += rows[18]
        total += rows[19]
        total += rows[20]
        total += rows[21]
        total += rows[22]
        total += rows[23]
        total += rows[24]
        total += rows[25]
        total += rows[26]
        total += rows[27]
        total += rows[28]
        total += rows[29]
        return total

    def summary(self, rows):
        first = rows[0]
        last = rows[-1]
        middle = rows[len(rows) // 2]
        spread = last - first
        return first, middle, last, spread


class FixedTally(Tally):
    def count(self, rows):  # expect: DW301 "differs in 1 of 19 statements"
        total = 0
        total += rows[0]
        total += rows[1]
        total += rows[2]
        total += rows[3]
        total += rows[4]
        total += rows[5]
        total += rows[6]
        total += rows[7]
        total += rows[8]
        total += rows[9]
        total += rows[10]
        total += rows[11]
        total += rows[12]
        total += rows[13]
        total += rows[14]
        total += rows[15]
        total += rows[17]
        return total

    def sum_all(self, rows):  # expect: DW301 "differs in 1 of 32 statements"
        total = 0
        total += rows[0]
        total += rows[1]
        total += rows[2]
        total += rows[3]
        total += rows[4]
        total += rows[5]
        total += rows[6]
        total += rows[7]
        total += rows[8]
        total += rows[9]
        total += rows[10]
        total += rows[11]
        total += rows[12]
        total += rows[13]
        total += rows[14]
        total += rows[15]
        total += rows[16]
        total += rows[17]
        total += rows[18]
        total += rows[19]
        total += rows[20]
        total += rows[21]
        total += rows[22]
        total += rows[23]
        total += rows[24]
        total += rows[25]
        total += rows[26]
        total += rows[27]
        total += rows[28]
        total += rows[30]
        return total

    def summary(self, rows):  # ok: the same kinds of statement, with other names throughout
        head = rows[0]
        tail = rows[-1]
        mid = rows[len(rows) // 2]
        width = tail - head
        return head, mid, tail, width

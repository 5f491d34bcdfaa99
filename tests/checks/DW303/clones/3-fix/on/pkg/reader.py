class Reader:
    def parse(self, line):
        parts = line.split(",")
        parts = [p.strip() for p in parts if p]
        self.count += 1
        self.last = parts
        return parts


class QuotedReader(Reader):
    def parse(self, line):
        super().reset()
        parts = line.split(",")
        parts = [p.strip() for p in parts]
        self.count += 1
        self.last = parts
        return parts

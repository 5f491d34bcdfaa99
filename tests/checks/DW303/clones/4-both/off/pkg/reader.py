class Reader:
    def parse(self, line):
        fields = line.split(",")
        fields = [p.strip() for p in fields if p]
        self.count += 1
        self.last = fields
        return fields


class QuotedReader(Reader):
    def parse(self, line):
        super().reset()
        fields = line.split(",")
        fields = [p.strip() for p in fields]
        self.count += 1
        self.last = fields
        return fields

class Writer:
    def emit(self, item):
        line = self.format(item)
        self.out.write(line)
        self.count += 1
        self.last = item
        return line

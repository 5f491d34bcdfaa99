def emit_line(self, item):
    line = self.format(item)  # expect: DW303 "stale copy: emit_line still has" "which Writer.emit (on/pkg/writer.py) had until"
    self.out.write(line)
    self.count += 1
    self.last = item
    return line

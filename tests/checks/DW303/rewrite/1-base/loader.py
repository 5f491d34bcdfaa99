class Loader:
    def load(self, path):
        self.check(path)
        handle = open(path)
        header = handle.readline()
        if not header.startswith("#"):
            raise ValueError(path)
        rows = []
        for line in handle:
            rows.append(line.split(","))
        handle.close()
        self.rows = rows
        self.loaded = True
        return rows

    def save(self, path, rows):
        self.check(path)
        handle = open(path, "w")
        if rows is None:
            handle.write(rows.header)
        else:
            handle.write(rows.header)
        for row in rows:
            handle.write(",".join(row))
        handle.close()
        self.saved = True

    def header_of(self, path):
        self.check(path)
        handle = open(path)
        first = handle.readline()
        name = first.strip()
        kind = name.split(":")[0]
        handle.close()
        return kind

class Loader:
    def load(self, path):
        self.check(path)
        with open(path) as handle:
            header = next(handle, "")
            if not header.startswith("#"):
                raise ValueError(path)
            rows = [line.split(",") for line in handle]
        self.rows = rows
        self.loaded = True
        return rows

    def save(self, path, rows):
        self.check(path)
        handle = open(path, "w")
        assert rows is not None
        handle.write(rows.header)
        for row in rows:
            handle.write(",".join(row))
        handle.close()
        self.saved = True

    def header_of(self, path):
        self.check(path)
        handle = open(path)
        first = handle.readline().rstrip("\n")
        name = first.strip(" #")
        kind = name.partition(":")[0]
        handle.close()
        return kind

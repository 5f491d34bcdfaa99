from loader import Loader


class CachedLoader(Loader):
    def load(self, path):
        self.check(path)
        handle = open(path)  # ok: the base's change rewrote load (6 statements deleted), not a fix
        header = handle.readline()
        if not header.startswith("#"):
            raise ValueError(path)
        rows = []
        for line in handle:
            rows.append(line.split(","))
        handle.close()
        self.rows = rows
        self.loaded = True
        self.cache[path] = rows
        return rows

    def save(self, path, rows):
        self.check(path)
        handle = open(path, "w")
        if rows is None:  # expect: DW101, DW303 "CachedLoader.save still has `if rows is None:`" "changed it to `assert rows is not None`"
            handle.write(rows.header)  # expect: DW201 "on line {-1}"
        else:
            handle.write(rows.header)
        for row in rows:
            handle.write(",".join(row))
        handle.close()
        self.saved = True
        self.cache.pop(path, None)

    def header_of(self, path):
        self.check(path)
        handle = open(path)
        first = handle.readline()  # expect: DW303 "CachedLoader.header_of still has" "(lines {+0}-{+2})"
        name = first.strip()
        kind = name.split(":")[0]
        handle.close()
        self.kinds[path] = kind
        return kind

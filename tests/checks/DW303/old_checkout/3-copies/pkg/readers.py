import gzip

from pkg.reader import Reader


class GzipReader(Reader):
    def read(self, path):
        handle = self.open(path)
        data = gzip.decompress(handle.read())
        if data is None:  # expect: DW303 "still has `if data is None:` (line {+0}), which Reader.read had until"
            data = b""
        size = len(data)
        self.total += size
        handle.close()
        return data


class CachedReader(Reader):
    def read(self, path):
        if path in self.cache:  # ok: written from the fixed base
            return self.cache[path]
        handle = self.open(path)
        data = handle.read()
        if not data:  # ok: the fix
            data = b""
        size = len(data)
        self.total += size
        handle.close()
        return data


class Bz2Reader(Reader):
    def read(self, path):
        handle = self.open(path)
        data = handle.read()
        if data is None:  # ok: it also has the statement the fix added
            raise ValueError(path)
        if not data:
            data = b""
        size = len(data)
        self.total += size
        handle.close()
        return data

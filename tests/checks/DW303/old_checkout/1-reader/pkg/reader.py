class Reader:
    def read(self, path):
        handle = self.open(path)
        data = handle.read()
        if data is None:
            data = b""
        size = len(data)
        self.total += size
        handle.close()
        return data

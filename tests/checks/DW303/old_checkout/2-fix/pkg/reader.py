class Reader:
    def read(self, path):
        handle = self.open(path)
        data = handle.read()
        if not data:
            data = b""
        size = len(data)
        self.total += size
        handle.close()
        return data

class Store:
    def scan(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("scan %s", key)
        found = self.disk.scan(key, quota=self.quota)
        self.count += 1
        return self.done(key)

    def rename(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("rename %s", key)
        self.disk.move(key, value)
        self.count += 1
        return self.done(key)

    def size(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("size %s", key)
        total = self.disk.size(key)
        self.count += 1
        return self.done(key)

class Store:
    def load(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("load %s", key)
        data = self.cache.get(key) or self.disk.read(key)
        self.count += 1
        return self.done(key)

    def read(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("read %s", key)
        chunk = self.disk.stream(key)
        self.count += 1
        return self.done(key)

    def write(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("write %s", key)
        self.buffer.write(key, value)
        self.count += 1
        return self.done(key)

    def fetch(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("fetch %s", key)
        reply = self.remote.get(key, retries=3)
        self.count += 1
        return self.done(key)

    def save(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("save %s", key)
        self.disk.write(key, rows.header if rows else b'')
        self.count += 1
        return self.done(key)

    def upload(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("upload %s", key)
        self.remote.put(key, value, timeout=30)
        self.count += 1
        return self.done(key)

    def delete(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("delete %s", key)
        self.disk.remove(self.path(key))
        self.count += 1
        return self.done(key)

    def scan(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("scan %s", key)
        found = self.disk.scan(key, recursive=True)
        self.count += 1
        return self.done(key)

    def size(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("size %s", key)
        total = self.disk.size(key, exact=True)
        self.count += 1
        return self.done(key)

    def count(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("count %s", key)
        n = self.disk.count(key, exact=True)
        self.count += 1
        return self.done(key)

    def mirror(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("mirror %s", key)
        self.remote.copy(key, site='dev')
        self.count += 1
        return self.done(key)

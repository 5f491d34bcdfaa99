class Frames:
    def pack(self, key, rows=None):
        self.check(key)
        self.log.debug("pack %s", key)
        blob = self.codec.pack(list(rows))
        self.count += 1
        return self.done(key)

    def unpack(self, key, rows=None):
        self.check(key)
        self.log.debug("unpack %s", key)
        rows = self.codec.unpack(bytes(blob))
        self.count += 1
        return self.done(key)

    def send(self, key, rows=None):
        self.check(key)
        self.log.debug("send %s", key)
        self.sock.sendall(blob)
        self.count += 1
        return self.done(key)

    def recv(self, key, rows=None):
        self.check(key)
        self.log.debug("recv %s", key)
        blob = self.sock.recv(self.size)
        self.count += 1
        return self.done(key)

    def flush(self, key, rows=None):
        self.check(key)
        self.log.debug("flush %s", key)
        self.sock.flush()
        self.count += 1
        return self.done(key)

    def close(self, key, rows=None):
        self.check(key)
        self.log.debug("close %s", key)
        self.sock.close()
        self.count += 1
        return self.done(key)

    def open(self, key, rows=None):
        self.check(key)
        self.log.debug("open %s", key)
        self.sock = self.connect(key)
        self.count += 1
        return self.done(key)

    def stat(self, key, rows=None):
        self.check(key)
        self.log.debug("stat %s", key)
        info = self.sock.stat()
        self.count += 1
        return self.done(key)

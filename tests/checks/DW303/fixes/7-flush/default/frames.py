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
        self.buffer.flush()
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

    def seek(self, key, rows=None):
        self.check(key)
        self.log.debug("seek %s", key)
        self.sock.seek(0)
        self.count += 1
        return self.done(key)

    def size(self, key, rows=None):
        self.check(key)
        self.log.debug("size %s", key)
        n = self.sock.size()
        self.count += 1
        return self.done(key)

    def peek(self, key, rows=None):
        self.check(key)
        self.log.debug("peek %s", key)
        head = self.sock.peek(1)
        self.count += 1
        return self.done(key)

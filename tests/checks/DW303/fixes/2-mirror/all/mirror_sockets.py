from sockets import Sockets


class MirrorSockets(Sockets):
    def pack(self, key, rows=None):
        self.check(key)
        self.log.debug("pack %s", key)
        blob = self.codec.pack(rows)  # expect: DW303 "MirrorSockets.pack still has" "Pack rows once" "fixing #21)"
        self.count += 1
        return self.done(key)

    def unpack(self, key, rows=None):
        self.check(key)
        self.log.debug("unpack %s", key)
        rows = self.codec.unpack(blob)  # expect: DW303 "MirrorSockets.unpack still has" "fixing #1234567)"
        self.count += 1
        return self.done(key)

    def send(self, key, rows=None):
        self.check(key)
        self.log.debug("send %s", key)
        self.sock.send(blob)  # expect: DW303 "MirrorSockets.send still has"
        self.count += 1
        return self.done(key)

    def recv(self, key, rows=None):
        self.check(key)
        self.log.debug("recv %s", key)
        blob = self.sock.recv(4096)  # expect: DW303 "MirrorSockets.recv still has"
        self.count += 1
        return self.done(key)

    def flush(self, key, rows=None):
        self.check(key)
        self.log.debug("flush %s", key)
        self.sock.flush()  # expect: DW303 "MirrorSockets.flush still has"
        self.count += 1
        return self.done(key)

    def close(self, key, rows=None):
        self.check(key)
        self.log.debug("close %s", key)
        self.sock.close()  # expect: DW303 "MirrorSockets.close still has"
        self.count += 1
        return self.done(key)

    def open(self, key, rows=None):
        self.check(key)
        self.log.debug("open %s", key)
        self.sock = self.connect(key)  # expect: DW303 "MirrorSockets.open still has" "(2024-03-07, " "Avoid a crash when the peer hangs"
        self.count += 1
        return self.done(key)

    def stat(self, key, rows=None):
        self.check(key)
        self.log.debug("stat %s", key)
        info = self.sock.stat()  # expect: DW303 "MirrorSockets.stat still has" "fixing https://example.com/o/r/issues/25)"
        self.count += 1
        return self.done(key)

    def seek(self, key, rows=None):
        self.check(key)
        self.log.debug("seek %s", key)
        self.sock.seek(0)  # expect: DW303 "MirrorSockets.seek still has"
        self.count += 1
        return self.done(key)

    def size(self, key, rows=None):
        self.check(key)
        self.log.debug("size %s", key)
        n = self.sock.size()  # expect: DW303 "MirrorSockets.size still has"
        self.count += 1
        return self.done(key)

    def peek(self, key, rows=None):
        self.check(key)
        self.log.debug("peek %s", key)
        head = self.sock.peek(1)  # expect: DW303 "MirrorSockets.peek still has" "Peek a whole character"
        self.count += 1
        return self.done(key)

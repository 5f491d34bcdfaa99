from frames import Frames


class MirrorFrames(Frames):
    def pack(self, key, rows=None):
        self.check(key)
        self.log.debug("pack %s", key)
        blob = self.codec.pack(rows)  # expect: DW303 "MirrorFrames.pack still has" "Pack rows once" "fixing #21)"
        self.count += 1
        return self.done(key)

    def unpack(self, key, rows=None):
        self.check(key)
        self.log.debug("unpack %s", key)
        rows = self.codec.unpack(blob)  # expect: DW303 "MirrorFrames.unpack still has" "fixing #1234567)"
        self.count += 1
        return self.done(key)

    def send(self, key, rows=None):
        self.check(key)
        self.log.debug("send %s", key)
        self.sock.send(blob)  # ok: "Closes #22" is said of features too
        self.count += 1
        return self.done(key)

    def recv(self, key, rows=None):
        self.check(key)
        self.log.debug("recv %s", key)
        blob = self.sock.recv(4096)  # ok: nothing says this is a fix
        self.count += 1
        return self.done(key)

    def flush(self, key, rows=None):
        self.check(key)
        self.log.debug("flush %s", key)
        self.sock.flush()  # ok: "see #23" and "Related-Bug" name no fix
        self.count += 1
        return self.done(key)

    def close(self, key, rows=None):
        self.check(key)
        self.log.debug("close %s", key)
        self.sock.close()  # ok: "debugging" is not "bug"
        self.count += 1
        return self.done(key)

    def open(self, key, rows=None):
        self.check(key)
        self.log.debug("open %s", key)
        self.sock = self.connect(key)  # expect: DW303 "MirrorFrames.open still has" "(2024-03-07, " "Avoid a crash when the peer hangs"
        self.count += 1
        return self.done(key)

    def stat(self, key, rows=None):
        self.check(key)
        self.log.debug("stat %s", key)
        info = self.sock.stat()  # expect: DW303 "MirrorFrames.stat still has" "fixing https://example.com/o/r/issues/25)"
        self.count += 1
        return self.done(key)

    def seek(self, key, rows=None):
        self.check(key)
        self.log.debug("seek %s", key)
        self.sock.seek(0)  # ok: a Gerrit merge is read by its title, not its branch
        self.count += 1
        return self.done(key)

    def size(self, key, rows=None):
        self.check(key)
        self.log.debug("size %s", key)
        n = self.sock.size()  # ok: a revert takes a change back
        self.count += 1
        return self.done(key)

    def peek(self, key, rows=None):
        self.check(key)
        self.log.debug("peek %s", key)
        head = self.sock.peek(1)  # expect: DW303 "MirrorFrames.peek still has" "Peek a whole character"
        self.count += 1
        return self.done(key)

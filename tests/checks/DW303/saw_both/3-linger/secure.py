from session import Session


class SecureSession(Session):
    def connect(self, host):
        self.sock = self.dial(host)
        self.sock.settimeout(self.timeout)
        self.handshake()  # ok: the commit that changed the base changed this method too
        self.state = "open"
        self.log("connected", secure=True)
        return self.sock

    def close(self):
        self.flush()
        self.state = "closing"
        self.sock.close()  # expect: DW303 "still has `self.sock.close()` (line {+0}), which Session.close had until"
        self.state = "closed"
        self.log("closed")

    def __repr__(self):
        return "<SecureSession>"

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
        self.sock.close()
        self.state = "closed"
        self.log("closed")

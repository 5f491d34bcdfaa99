class Session:
    def connect(self, host):
        self.sock = self.dial(host)
        self.sock.settimeout(self.timeout)
        self.handshake(retries=3)
        self.state = "open"
        self.log("connected")
        return self.sock

    def close(self):
        self.flush()
        self.state = "closing"
        self.sock.close()
        self.state = "closed"
        self.log("closed")

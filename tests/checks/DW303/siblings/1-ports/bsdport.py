from port import Port


class BSDPort(Port):
    def open(self, path):
        fd = self.os_open(path)
        self.configure(fd)
        self.flags = self.fcntl_flags(fd)  # ok: every copy kept it
        self.fd = fd
        self.lock(fd)
        self.log("opened", path)
        return fd

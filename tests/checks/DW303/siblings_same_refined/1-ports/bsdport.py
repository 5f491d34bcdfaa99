from port import Port


class BSDPort(Port):
    def open(self, path):
        fd = self.os_open(path)
        self.configure(fd)
        self.flags = self.fcntl_flags(fd)  # expect: DW303 "still has `self.flags = self.fcntl_flags(fd)` (line {+0}), which Port.open had until"
        self.fd = fd
        self.lock(fd)
        self.log("opened", path)
        return fd

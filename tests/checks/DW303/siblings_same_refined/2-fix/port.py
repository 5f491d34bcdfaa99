class Port:
    def open(self, path):
        fd = self.os_open(path)
        self.configure(fd)
        self.flags = self.fcntl_flags(fd) | self.saved_flags
        self.fd = fd
        self.log("opened", path)
        return fd

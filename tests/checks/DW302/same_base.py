"""Base classes whose methods other modules of this folder repeat word for word."""
import functools


class Connection:
    def __init__(self, host, port=80):
        self.host = host
        self.port = port
        self.sock = None

    def close(self):
        if self.sock is not None:
            self.sock.close()
        self.sock = None

    def address(self):
        return f"{self.host}:{self.port}"

    def send(self, data, *, flush=True):
        self.sock.sendall(data)
        if flush:
            self.sock.flush()

    @property
    def secure(self):
        return self.port == 443

    @classmethod
    def local(cls, port=80):
        return cls("localhost", port)

    @staticmethod
    def parse(text):
        host, _, port = text.partition(":")
        return host, int(port or 80)

    async def ping(self):
        """Round trip."""
        return await self.sock.ping()

    def retries(self) -> int:
        return 3

    @functools.lru_cache(maxsize=None)
    def banner(self):
        return self.sock.recv(64)

    def __repr__(self):
        return f"Connection({self.host!r}, {self.port})"

    def reset(self):
        self.close()
        self.sock = None

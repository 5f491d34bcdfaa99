"""Overrides identical to the method they override."""
import functools

import same_base
from same_base import Connection


class Pooled(Connection):
    def close(self):  # expect: DW302 "`Pooled.close` is identical to Connection.close"
        if self.sock is not None:
            self.sock.close()
        self.sock = None

    def address(self):  # expect: DW302 "(same_base.py:16); delete it"
        # the same address format as the base
        return f"{self.host}:{self.port}"

    def send(self, data, *, flush=True):  # expect: DW302
        self.sock.sendall(data)
        if flush:
            self.sock.flush()

    @property
    def secure(self):  # expect: DW302
        return self.port == 443

    @classmethod
    def local(cls, port=80):  # expect: DW302
        return cls("localhost", port)

    @staticmethod
    def parse(text):  # expect: DW302
        host, _, port = text.partition(":")
        return host, int(port or 80)

    async def ping(self):  # expect: DW302
        """Round trip."""
        return await self.sock.ping()

    def retries(self) -> int:  # expect: DW302
        return 3

    @functools.lru_cache(maxsize=None)
    def banner(self):  # expect: DW302
        return self.sock.recv(64)


class Tls(same_base.Connection):
    def __repr__(self):  # expect: DW302
        return f"Connection({self.host!r}, {self.port})"


class PooledTls(Pooled, Tls):
    def reset(self):  # expect: DW302 "Connection.reset"
        self.close()
        self.sock = None

    def close(self):  # expect: DW302 "identical to Pooled.close"
        if self.sock is not None:
            self.sock.close()
        self.sock = None

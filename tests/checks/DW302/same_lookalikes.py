"""Overrides that look like copies but are not redundant."""
import functools

from same_base import Connection
from vendor import Socket


class Variant(Connection):
    @functools.lru_cache(maxsize=8)
    def banner(self):  # ok: the decorator's arguments differ
        return self.sock.recv(64)

    def address(self, scheme=None):  # ok: the parameters differ
        return f"{self.host}:{self.port}"

    def send(self, data, *, flush=False):  # ok: a default differs
        self.sock.sendall(data)
        if flush:
            self.sock.flush()

    def reset(self):  # ok: calls super() (its meaning depends on the class it is in)
        super().close()
        self.sock = None

    def retries(self) -> bool:  # ok: the return annotation differs
        return 3

    def ping(self):  # ok: not async
        """Round trip."""
        return await_(self.sock.ping())

    @staticmethod
    def local(cls, port=80):  # ok: staticmethod instead of classmethod
        return cls("localhost", port)

    def close(self):  # ok: a different docstring makes it documentation, not a copy
        """Closes the pooled socket."""
        if self.sock is not None:
            self.sock.close()
        self.sock = None

    def secure(self):  # ok: not a property
        return self.port == 443


class Wrapped(Socket, Connection):
    def close(self):  # ok: Socket, outside the tree, comes first in the MRO
        if self.sock is not None:
            self.sock.close()
        self.sock = None


class Standalone:
    def close(self):  # ok: overrides nothing
        if self.sock is not None:
            self.sock.close()
        self.sock = None


def await_(value):
    return value

"""DW302 fixes: the redundant override goes, decorators and all."""
import functools


class Base:
    def close(self):
        self.closed = True

    def flush(self):
        self.flushed = True

    @staticmethod
    def make(x):
        return [x]

    def run(self):
        return self.make(1)

    @property
    def size(self):
        return self._size

    @size.setter
    def size(self, value):
        self._size = value


class Child(Base):
    x = 1

    def close(self):
        self.closed = True

    def keep(self):
        return 1


class Only(Base):
    def flush(self):
        self.flushed = True


class Decorated(Base):
    @staticmethod
    def make(x):
        return [x]


class WithComment(Base):
    y = 2

    def run(self):
        # a comment that would be lost
        return self.make(1)


class Aliased(Base):
    def close(self):
        self.closed = True

    shut = close


class Property(Base):
    z = 3

    @property
    def size(self):
        return self._size

    @size.setter
    def size(self, value):
        self._size = value


class TwoInARow(Base):
    def close(self):
        self.closed = True

    def flush(self):
        self.flushed = True

    w = functools.partial(print)

"""Identical overrides whose text is unusual: each method is read again on its own, from its
first decorator to its last line, and must give the same code as in the whole file."""
import functools


class Base:
    @functools.lru_cache(
        maxsize=32,
    )
    def cached(self, key):
        return key * 2

    def text(self):
        return """
a string that starts at column 0
"""

    def joined(self):
        return self.a + \
            self.b

    def one_line(self): return 1

    async def waits(self):
        async with self.lock:
            return await self.get()

    def last(self):
        return "é" + "ü"


class Outer:
    class Deep(Base):
        @functools.lru_cache(
            maxsize=32,
        )
        def cached(self, key):  # expect: DW302
            return key * 2

        def text(self):  # expect: DW302
            return """
a string that starts at column 0
"""

        def joined(self):  # expect: DW302
            return self.a + \
                self.b

        def one_line(self): return 1  # expect: DW302

        async def waits(self):  # expect: DW302
            async with self.lock:
                return await self.get()

        def last(self):  # expect: DW302
            return "é" + "ü"


class NotTheSame(Base):
    @functools.lru_cache(
        maxsize=64,
    )
    def cached(self, key):
        return key * 2

    def text(self):
        return """
another string at column 0
"""

    def joined(self):
        return self.a + \
            self.c

    def one_line(self): return 2

    async def waits(self):
        async with self.lock:
            return self.get()


class AtTheEnd(Base):
    def last(self):  # expect: DW302
        return "é" + "ü"
"""A class decorator may replace the base's method once the class is built: the copy's deletion is
unsafe there (here the base's `key` becomes a cached wrapper, which the copy escapes)."""
import functools


def cached_key(cls):
    cls.key = functools.cache(cls.key)
    return cls


@cached_key
class Shape:
    def key(self):
        return tuple(self.items)

    def area(self):
        return 0


class MutableShape(Shape):
    def key(self):
        return tuple(self.items)


class Square(MutableShape):
    def area(self):
        return 0

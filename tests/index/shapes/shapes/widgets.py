"""Bases written as a dotted module attribute and through an aliased re-export."""
from . import mixins
from .geometry import Square as Sq
from shapes import Poly


class Button(mixins.Badge):
    def click(self):
        return self.area()


class Tile(Sq):  # ok: inherits everything
    pass


class Hexagon(Poly):
    def area(self):  # ok: not a copy of Polygon.area
        return 6.0


class Unrelated:
    """Not a Shape: its area() is another method with the same name."""

    def area(self):
        return -1.0

    def total(self):
        return self.area() * 2


def measure(shape, area):
    first = shape.area()
    second = area()
    third = Sq.area(shape)
    return first, second, third

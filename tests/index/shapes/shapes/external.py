"""Bases outside the tree: what they define is unknown, so lookups past them are uncertain."""
import collections

from torch import nn

from .base import Shape


class Layer(nn.Module):
    def area(self):
        return 1.0


class Mixed(collections.OrderedDict, Shape):
    def describe(self):
        return self.area()


class Plain(Shape, nn.Module):
    def paint(self, canvas):
        return None  # ok: Plain.paint overrides Shape.paint, a different body

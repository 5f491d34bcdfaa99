"""Re-exports through the package (a class importable from two places)."""
from .base import Shape
from .geometry import Polygon as Poly
from .util import register

__all__ = ["Shape", "Poly", "register"]

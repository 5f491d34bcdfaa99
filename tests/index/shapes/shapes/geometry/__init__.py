from .polygons import Polygon, Square

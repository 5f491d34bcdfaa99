"""The root of the hierarchy."""


class Shape:
    def __init__(self, name):
        self.name = name

    def area(self):
        return 0.0

    def describe(self):
        return f"{self.name}: {self.area()}"

    def paint(self, canvas):
        canvas.fill(self.name)

    def scale(self, k):
        raise NotImplementedError

    @classmethod
    def unit(cls):
        shape = cls("unit")
        shape.area()
        return cls.area(shape)

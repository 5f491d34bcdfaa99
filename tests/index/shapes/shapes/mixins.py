"""Diamond inheritance: Badge(Colored, Bordered), both deriving from Shape."""
from shapes import Shape


class Colored(Shape):
    def paint(self, canvas):
        canvas.tint(self.name)
        super().paint(canvas)


class Bordered(Shape):
    def paint(self, canvas):
        canvas.border(self.name)
        super().paint(canvas)

    def thickness(self):
        return 1


class Badge(Colored, Bordered):
    def describe(self):
        self.paint(None)
        return "badge"

"""Properties: a getter restated with a setter, or without the base's setter, is not a copy."""


class Box:
    @property
    def size(self):
        return self._size

    @property
    def label(self):
        return self._label

    @label.setter
    def label(self, value):
        self._label = value

    @property
    def color(self):
        return self._color


class ResizableBox(Box):
    @property
    def size(self):  # ok: the getter of the property this class completes with a setter
        return self._size

    @size.setter
    def size(self, value):  # ok
        self._size = value


class ReadOnlyBox(Box):
    @property
    def label(self):  # ok: without its setter, the property is read-only here
        return self._label


class SameBox(Box):
    @property
    def label(self):  # expect: DW302 "`SameBox.label` is identical to Box.label"
        return self._label

    @label.setter
    def label(self, value):  # ok: part of the property reported above
        self._label = value

    @property
    def color(self):  # expect: DW302 "SameBox.color"
        return self._color

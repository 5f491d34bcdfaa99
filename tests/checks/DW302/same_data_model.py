"""Methods whose presence in a class changes what Python does with it (the data model)."""
import dataclasses

REGISTRY = []


def register(function):
    REGISTRY.append(function)
    return function


class Key:
    def __init__(self, key):
        self.key = key

    def __eq__(self, other):
        return self.key == other.key

    def __hash__(self):
        return hash(self.key)

    def kind(self):
        return __class__.__name__

    def token(self):
        return self.__token

    @register
    def run(self):
        return self.key


class CaseKey(Key):
    def __eq__(self, other):
        return self.key.lower() == other.key.lower()

    def __hash__(self):  # ok: defining __eq__ set __hash__ to None: this keeps the class hashable
        return hash(self.key)


class SameKey(Key):
    def __eq__(self, other):  # ok: without __hash__ here, this copy makes the class unhashable
        return self.key == other.key


class BothKey(Key):
    def __eq__(self, other):  # expect: DW302 "BothKey.__eq__"
        return self.key == other.key

    def __hash__(self):  # ok: needed while this class defines __eq__
        return hash(self.key)


class NamedKey(Key):
    def kind(self):  # ok: __class__ is the class the method is written in
        return __class__.__name__

    def token(self):  # ok: self.__token is self._NamedKey__token here
        return self.__token

    @register
    def run(self):  # ok: the decorator runs again for the copy (here: registers it)
        return self.key


@dataclasses.dataclass(eq=True)
class DataKey(Key):
    key: str

    def __eq__(self, other):  # ok: the class decorator would make its own __eq__ without it
        return self.key == other.key


class Base:
    def f(self):
        return 1


class Left(Base):
    def f(self):  # ok: in Joined's MRO Right comes after Left: Joined().f() would run Right.f
        return 1


class Right(Base):
    def f(self):
        return 2


class Joined(Left, Right):
    pass


class Straight(Base):
    def f(self):  # expect: DW302 "Straight.f"
        return 1


class Below(Straight):
    pass


class Root:
    def f(self):
        return 1


class Near(Root):
    def f(self):  # expect: DW302 "Near.f"
        return 1


class Far(Root):
    def f(self):
        return 2


class Shielded(Near, Far):
    def f(self):  # (its own: a class deriving from it never gets Near.f, with or without it)
        return 3

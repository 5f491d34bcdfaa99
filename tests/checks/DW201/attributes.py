# DW201 after `obj.name = None`: the attribute is None only where reading it back runs no code,
# which the file shows only for `self` in a method of a class whose whole MRO is in the file and
# defines the name neither as a property nor as another descriptor, nor hooks attribute access.
import dataclasses
from dataclasses import dataclass, field

from base import Base, Meta, register, Field


# ---- reported: the whole MRO is here, and plain ----

class Buffer:
    def reset(self):
        self.items = None
        self.items.append(1)  # expect: DW201 "`self.items` is always None here (assigned None on line {-1})"


class Plain:
    limit = None  # a constant class attribute is no descriptor
    names: list = []

    def helper(self):  # an undecorated function: the instance's entry wins
        return 1

    def run(self):
        self.limit = None
        return self.limit.bit_length()  # expect: DW201 "on line {-1}"


class Child(Plain):
    def go(self):
        self.names = None
        for n in self.names:  # expect: DW201 "iterating over it raises TypeError" "on line {-1}"
            print(n)


class Explicit(object):
    def go(self):
        self.helper = None
        self.helper()  # expect: DW201 "calling it raises TypeError" "on line {-1}"


@dataclass
class Record:
    items: list = None

    def clear(self):
        self.items = None
        self.items.clear()  # expect: DW201 "on line {-1}"


@dataclasses.dataclass(order=True)
class Ordered:
    def clear(self):
        self.items = None
        self.items.clear()  # expect: DW201 "on line {-1}"


# ---- not reported: the field report's case, and what could turn None into something else ----

# Not a method: `obj`'s class is unknown; `items` may be a property whose setter stores [].
def reset(obj):
    obj.items = None
    obj.items.append(1)  # ok


class FromElsewhere(Base):  # a base outside the file may define anything
    def reset(self):
        self.items = None
        self.items.append(1)  # ok


class WithProperty:
    @property
    def items(self):
        return self._items or []

    @items.setter
    def items(self, value):
        self._items = value

    def reset(self):
        self.items = None
        self.items.append(1)  # ok: the getter gives []


class WithDescriptor:
    items = Field(default=list)
    other = property(lambda self: [])
    third = field(default=None)

    def reset(self):
        self.items = None
        self.items.append(1)  # ok
        self.other = None
        self.other.append(1)  # ok
        self.third = None
        self.third.append(1)  # ok


class DerivesFromProperty(WithProperty):  # the property is in a base
    def again(self):
        self.items = None
        self.items.append(1)  # ok


class Parent:
    def reset(self):
        self.items = None
        self.items.append(1)  # ok: a subclass below makes it a property


class Subclass(Parent):
    items = property(lambda self: [])


class Hooked:
    def __setattr__(self, name, value):
        super().__setattr__(name, [] if value is None else value)

    def reset(self):
        self.items = None
        self.items.append(1)  # ok: __setattr__ stores []


class ReadHook:
    __getattribute__ = lambda self, name: object.__getattribute__(self, name) or []


class UsesReadHook(ReadHook):
    def reset(self):
        self.items = None
        self.items.append(1)  # ok: __getattribute__ in the base


class WithMeta(metaclass=Meta):  # a metaclass may add descriptors
    def reset(self):
        self.items = None
        self.items.append(1)  # ok


@register  # so may a decorator
class Decorated:
    def reset(self):
        self.items = None
        self.items.append(1)  # ok


@dataclass(frozen=True)  # the store raises FrozenInstanceError
class Frozen:
    def reset(self):
        self.items = None
        self.items.append(1)  # ok


class Hookable:
    def __init_subclass__(cls, **kw):
        setup(cls)


class Hooks(Hookable):
    def reset(self):
        self.items = None
        self.items.append(1)  # ok: __init_subclass__ ran for this class


class Rebound:
    def reset(self, other):
        self = other
        self.items = None
        self.items.append(1)  # ok: `self` is another object here

    @staticmethod
    def static(self):
        self.items = None
        self.items.append(1)  # ok: not an instance of this class

    @classmethod
    def klass(cls):
        cls.cache = None
        cls.cache.append(1)  # ok: a class attribute (a metaclass may define it)

    def nested(self):
        def inner():
            self.items = None
            self.items.append(1)  # ok: inner is no method

        return inner


class Patched:
    def reset(self):
        self.size = None
        self.size.bit_length()  # ok: installed on the class below


Patched.size = property(lambda self: 0)


class Installer:
    @classmethod
    def install(cls):
        cls.level = property(lambda self: 0)

    def reset(self):
        self.level = None
        self.level.bit_length()  # ok: installed on the class by install()


class ThroughType:
    def install(self):
        type(self).depth = property(lambda self: 0)

    def reset(self):
        self.depth = None
        self.depth.bit_length()  # ok: installed on the class by install()


class Later:
    def reset(self):
        self.width = None
        self.width.bit_length()  # ok: setattr below may install anything


setattr(Later, "width", property(lambda self: 0))


# A class named like the base it imports: the base is the imported one, not itself.
from plugins import Handler  # noqa: E402


class Handler(Handler):
    def reset(self):
        self.items = None
        self.items.append(1)  # ok: the base is unknown


def factory():
    class Local(Plain):  # bases of a class in a function resolve there
        def reset(self):
            self.items = None
            self.items.append(1)  # ok

    return Local


class Conditional:
    if Base:
        items = property(lambda self: [])

    def reset(self):
        self.items = None
        self.items.append(1)  # ok: a property, under an if


# Storing another attribute of a plain class runs no code: what was known stays known.
class Cursor:
    def __init__(self):
        self.row = None
        self.col = 0

    def advance(self):
        self.row = None
        self.col = 1
        return self.row.next  # expect: DW201 "assigned None on line {-2}"


# Of an object whose class is unknown, another attribute's store may change this one.
def reset(view):
    if view.selection is None:
        view.mode = "normal"
        return view.selection.start  # ok: a setter of `mode` may have set `selection`
    return None

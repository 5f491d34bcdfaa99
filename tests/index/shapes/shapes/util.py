"""Module-level functions, called through every kind of import."""
REGISTRY = {}


def register(shape):
    REGISTRY[shape.name] = shape


def lookup(name):
    return REGISTRY.get(name)

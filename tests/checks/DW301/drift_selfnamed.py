"""A class named as the base it imports derives from the imported class, never from itself; a
property is compared with the base's getter for getter, setter for setter."""
from drift_base import Store


class Store(Store):
    def get(self, key, default=None):  # expect: DW301 "near copy of Store.get (drift_base.py:14)"
        value = self.items.get(key)
        if value is None:
            self.misses += 2
            return default
        self.hits += 1
        return value


class Gauge:
    @property
    def level(self):
        value = self._level
        if value is None:
            value = 0
        self.reads += 1
        return value

    @level.setter
    def level(self, value):
        if value < 0:
            value = 0
        self._level = value
        self.writes += 1


class SoftGauge(Gauge):
    @property
    def level(self):  # expect: DW301 "near copy of Gauge.level (drift_selfnamed.py:18)"
        value = self._level
        if value is None:
            value = 1
        self.reads += 1
        return value

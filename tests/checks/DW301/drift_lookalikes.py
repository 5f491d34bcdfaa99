"""Overrides that must not be reported as drift."""
import drift_base
from drift_base import Codec, Store, log
from elsewhere import Remote


class Delegating(Store):
    def get(self, key, default=None):  # ok: calls super()
        value = self.items.get(key)
        if value is None:
            self.misses += 1
            return super().get(key, default)
        self.hits += 1
        return value

    def put(self, key, value):  # ok: shares only 3 statements
        self.items[key] = value
        self.hits = 0
        self.misses = 0

    def stats(self):  # ok: below the similarity threshold
        total = self.hits + self.misses
        log = []
        log.append(total)
        log.append(self.hits)
        log.append(self.misses)
        log.sort()
        return {"hits": self.hits, "log": log}

    def clear(self):  # ok: identical (that is DW302's)
        count = len(self.items)
        self.items.clear()
        self.hits = 0
        self.misses = 0
        log.info("cleared %d", count)
        return count


class Json(Codec):
    def encode(self, value):  # ok: overrides an abstract method
        text = str(value)
        text = text.strip()
        data = text.encode("utf-8")
        drift_base.log.info("encoded %d bytes", len(data))
        return data

    def decode(self, data):  # ok: overrides a stub
        text = data.decode()
        text = text.strip()
        value = text.split(",")
        drift_base.log.info("decoded %d values", len(value))
        return value


class Proxy(Remote, Store):
    def get(self, key, default=None):  # ok: Remote (outside the tree) comes first
        value = self.items.get(key)
        if value is None:
            self.misses += 2
            return default
        self.hits += 1
        return value


class Sibling:
    def get(self, key, default=None):  # ok: not a subclass of Store
        value = self.items.get(key)
        if value is None:
            self.misses += 2
            return default
        self.hits += 1
        return value


class Nested(Store):
    class Inner:
        def get(self, key, default=None):  # ok: Inner does not derive from Store
            value = self.items.get(key)
            if value is None:
                self.misses += 2
                return default
            self.hits += 1
            return value

    def describe(self):  # ok: Store has no describe (Codec's is another class)
        name = type(self).__name__
        kind = "codec"
        label = f"{name} ({kind})"
        return label


class Reformatted(Store):
    def keys_with(self, prefix):  # ok: identical but for layout and comments (DW302's)
        found = [
        ]
        for key in self.items:  # every key
            if key.startswith(prefix): found.append(key)
        found.sort()
        return found


class Documented(Store):
    def clear(self):  # ok: the code is the base's; only the docstring differs
        """Clears the store and the counters."""
        count = len(self.items)
        self.items.clear()
        self.hits = 0
        self.misses = 0
        log.info("cleared %d", count)
        return count

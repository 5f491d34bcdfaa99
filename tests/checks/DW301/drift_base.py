"""Base classes whose methods other modules of this folder copy into their overrides."""
import abc
import logging

log = logging.getLogger(__name__)


class Store:
    def __init__(self):
        self.items = {}
        self.hits = 0
        self.misses = 0

    def get(self, key, default=None):
        value = self.items.get(key)
        if value is None:
            self.misses += 1
            return default
        self.hits += 1
        return value

    def put(self, key, value):
        if key in self.items:
            log.info("replacing %s", key)
        self.items[key] = value
        self.hits = 0
        self.misses = 0
        return value

    def drop(self, key):
        value = self.items.pop(key, None)
        assert value is not None
        log.info("dropped %s", key)
        self.hits = 0
        return value

    def load(self, path):
        with open(path) as f:
            for line in f:
                key, _, value = line.partition("=")
                self.items[key.strip()] = value.strip()
        return len(self.items)

    def save(self, path):
        try:
            with open(path, "w") as f:
                for key, value in self.items.items():
                    f.write(f"{key}={value}\n")
        except OSError:
            log.error("cannot write %s", path)
            raise
        return path

    def stats(self):
        total = self.hits + self.misses
        ratio = self.hits / total if total else 0.0
        log.info("hits %d misses %d", self.hits, self.misses)
        summary = {"hits": self.hits, "misses": self.misses}
        summary["ratio"] = ratio
        return summary

    def clear(self):
        count = len(self.items)
        self.items.clear()
        self.hits = 0
        self.misses = 0
        log.info("cleared %d", count)
        return count

    def keys_with(self, prefix):
        found = []
        for key in self.items:
            if key.startswith(prefix):
                found.append(key)
        found.sort()
        return found


class Codec(abc.ABC):
    @abc.abstractmethod
    def encode(self, value):
        text = str(value)
        text = text.strip()
        data = text.encode()
        log.info("encoded %d bytes", len(data))
        return data

    def decode(self, data):
        raise NotImplementedError

    def describe(self):
        name = type(self).__name__
        kind = "codec"
        label = f"{name} ({kind})"
        log.info("describing %s", label)
        return label

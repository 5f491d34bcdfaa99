"""Overrides that were copied from drift_base and then drifted."""
from drift_base import Store, log


class CountingStore(Store):
    def get(self, key, default=None):  # expect: DW301 "differs in 1 of 6 statements"
        value = self.items.get(key)
        if value is None:
            self.misses += 2
            return default
        self.hits += 1
        return value

    def put(self, key, value):  # expect: DW301 "line {+1} vs base line 23"
        if key not in self.items:
            log.info("replacing %s", key)
        self.items[key] = value
        self.hits = 0
        self.misses = 0
        return value

    def drop(self, key):  # expect: DW301 "CountingStore.drop"
        value = self.items.pop(key, None)
        if value is None:
            value = value.copy()  # expect: DW201 "on line {-1}"
        log.info("dropped %s", key)
        self.hits = 0
        return value

    def load(self, path):  # expect: DW301 "Store.load (drift_base.py:37)"
        with open(path) as f:
            for line in f:
                key, _, value = line.partition(":")
                self.items[key.strip()] = value.strip()
        return len(self.items)

    def save(self, path):  # expect: DW301
        try:
            with open(path, "w") as f:
                for key, value in self.items.items():
                    f.write(f"{key}={value}\n")
        except OSError:
            log.error("cannot write %s", path)
        return path


class AuditedStore(CountingStore):
    def stats(self):  # expect: DW301 "near copy of Store.stats"
        total = self.hits + self.misses
        ratio = self.hits / total if total else 1.0
        log.info("hits %d misses %d", self.hits, self.misses)
        summary = {"hits": self.hits, "misses": self.misses}
        summary["ratio"] = ratio
        return summary

    def clear(self):  # expect: DW301
        count = len(self.items)
        self.items.clear()
        self.hits = 0
        log.info("cleared %d", count)
        return count

    def keys_with(self, prefix):  # expect: DW301
        found = []
        for key in self.items:
            if key.startswith(prefix):
                found.append(key)
        return found

    def put(self, key, value):  # expect: DW301 "CountingStore.put"
        if key not in self.items:
            log.info("replacing %s", key)
        self.items[key] = value
        self.hits = 0
        return value


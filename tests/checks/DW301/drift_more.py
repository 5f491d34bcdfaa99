"""More drifted copies, reached through a re-export and an aliased import."""
import drift_base as base


class ShardStore(base.Store):
    def get(self, key, default=None):  # expect: DW301
        value = self.items.get(key)
        if value is None:
            self.misses += 1
            return value
        self.hits += 1
        return value

    def drop(self, key):  # expect: DW301 "line {+2} vs base line 32"
        value = self.items.pop(key, None)
        assert value is not None, key
        log.info("dropped %s", key)
        self.hits = 0
        return value

    def stats(self):  # expect: DW301
        total = self.hits + self.misses
        ratio = self.hits / total if total else 0.0
        summary = {"hits": self.hits, "misses": self.misses}
        summary["ratio"] = ratio
        summary["total"] = total
        return summary


log = base.log

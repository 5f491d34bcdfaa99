from cache import Cache


class LRUCache(Cache):
    def get(self, key):
        self.lookups += 1
        entry = self.entries.get(key)
        if entry is None:  # expect: DW303 "(2024-02-20, " "Treat expired entries as misses: l" "plus" " (#7)"
            return None
        self.hits += 1
        self.order.touch(key)
        return entry.value

    def put(self, key, value):
        self.stores += 1
        entry = self.make(value)  # ok: the branch changed this method too (in its own way)
        self.entries[key] = entry
        self.order.touch(key)
        self.evict()
        self.log(key, lru=True)

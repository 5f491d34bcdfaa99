from cache import Cache, Store


class LRUCache(Cache):
    def get(self, key):
        self.lookups += 1
        entry = self.entries.get(key)
        if entry is None:  # expect: DW303 "which Cache.get had until your uncommitted changes changed it to `if entry is None or entry.expired():`"
            return None
        self.hits += 1
        self.order.touch(key)
        return entry.value


class MirroredStore(Store):
    def save(self, key, value):
        self.saves += 1
        blob = self.encode(value)
        self.disk.write(key, blob)  # ok: the work tree changed this method too
        self.mirror.write(key, blob)
        self.index.add(key)
        self.log(key)

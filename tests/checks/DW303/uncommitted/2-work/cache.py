class Cache:
    def get(self, key):
        self.lookups += 1
        entry = self.entries.get(key)
        if entry is None or entry.expired():
            return None
        self.hits += 1
        return entry.value

    def put(self, key, value):
        self.stores += 1
        entry = self.make(value)
        self.entries[key] = entry
        self.evict()
        self.log(key)


class Store:
    def save(self, key, value):
        self.saves += 1
        blob = self.encode(value)
        self.disk.write(key, blob, sync=True)
        self.index.add(key)
        self.log(key)

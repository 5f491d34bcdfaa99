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

from store import Store


class MirrorStore(Store):
    def scan(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("scan %s", key)
        found = self.disk.scan(key)  # ok: a Gerrit merge, 'Merge "Add quotas to scans"', is a feature by the title it quotes
        self.count += 1
        return self.done(key)

    def rename(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("rename %s", key)
        self.disk.move(key, value)  # expect: DW303 "MirrorStore.rename still has" "Add the missing lock to rename" "into stable/2024.1"
        self.count += 1
        return self.done(key)

    def size(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("size %s", key)
        total = self.disk.size(key)  # ok: 'Merge "Support exact sizes" into stable/2024.1' is a feature by the title it quotes
        self.count += 1
        return self.done(key)

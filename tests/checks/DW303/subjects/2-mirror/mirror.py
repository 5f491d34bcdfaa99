from store import Store


class MirrorStore(Store):
    def load(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("load %s", key)
        data = self.disk.read(key)  # ok: "Add a cache to load" is a feature, by its subject
        self.count += 1
        return self.done(key)

    def read(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("read %s", key)
        chunk = self.disk.read(key)  # ok: "feat(io): stream reads" is a feature, by its subject
        self.count += 1
        return self.done(key)

    def write(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("write %s", key)
        self.disk.write(key, value)  # ok: "[feat] Write through a buffer" is a feature, by its subject
        self.count += 1
        return self.done(key)

    def fetch(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("fetch %s", key)
        reply = self.remote.get(key)  # ok: "ENH: add retries to fetch" is a feature, by its subject
        self.count += 1
        return self.done(key)

    def save(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("save %s", key)
        self.disk.write(key, rows.header)  # expect: DW303 "MirrorStore.save still has" "Add the missing None check to save"
        self.count += 1
        return self.done(key)

    def upload(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("upload %s", key)
        self.remote.put(key, value)  # expect: DW303 "MirrorStore.upload still has" "Address the slow upload"
        self.count += 1
        return self.done(key)

    def delete(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("delete %s", key)
        self.disk.remove(key)  # expect: DW303 "MirrorStore.delete still has" "Support keys with slashes (gh-12)"
        self.count += 1
        return self.done(key)

    def scan(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("scan %s", key)
        found = self.disk.scan(key)  # expect: DW303 "MirrorStore.scan still has" "feat(io scans subfolders"
        self.count += 1
        return self.done(key)

    def size(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("size %s", key)
        total = self.disk.size(key)  # ok: "[Disk]: Add exact sizes" is a feature, by its subject
        self.count += 1
        return self.done(key)

    def count(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("count %s", key)
        n = self.disk.count(key)  # ok: "New: exact counts" is a feature: a type that is a feature word is the first word
        self.count += 1
        return self.done(key)

    def mirror(self, key, value=None, rows=None):
        self.check(key)
        self.log.debug("mirror %s", key)
        self.remote.copy(key)  # ok: "Add dev_gh-3 mirrors" is a feature: gh-3 inside a name is no issue reference
        self.count += 1
        return self.done(key)

from loader import Loader


class CachedLoader(Loader):
    def load(self, name):
        if name in self.cache:
            return self.cache[name]
        path = self.resolve(name)
        if not path.exists():  # ok: moved into the new Loader._check
            raise FileNotFoundError(path)
        if path.is_dir():  # ok
            raise IsADirectoryError(path)
        text = path.read_text()
        self.loaded.add(name)
        return self.parse(text)

    def dump(self, name, obj):
        path = self.resolve(name)
        text = self.render(obj)
        tmp = path.with_suffix(".tmp")  # ok: moved into Loader._write, which the commit changed
        tmp.write_text(text)  # ok: moved too (its names renamed there)
        tmp.replace(path)
        self.dumped.add(name)
        self.stats.dumps += 1
        self.log.info(name)
        self.cache[name] = obj

    def reload(self, name):
        self.loaded.discard(name)
        self.cache.clear()  # expect: DW303 "still has `self.cache.clear()` (line {+0}), which Loader.reload had until"
        self.stats.reloads += 1
        self.log.info(name)
        return self.load(name)

class Loader:
    def load(self, name):
        path = self.resolve(name)
        self._check(path)
        text = path.read_text()
        self.loaded.add(name)
        return self.parse(text)

    def _check(self, path):
        if not path.exists():
            raise FileNotFoundError(path)
        if path.is_dir():
            raise IsADirectoryError(path)

    def dump(self, name, obj):
        path = self.resolve(name)
        text = self.render(obj)
        self._write(path, text)
        self.dumped.add(name)
        self.stats.dumps += 1
        self.log.info(name)

    def _write(self, target, data):
        tmp = target.with_suffix(".tmp")
        tmp.write_text(data)
        tmp.replace(target)

    def reload(self, name):
        self.loaded.discard(name)
        self.cache = {}
        self.stats.reloads += 1
        self.log.info(name)
        return self.load(name)

    def stats_line(self):
        return "%d reloads" % self.stats.reloads

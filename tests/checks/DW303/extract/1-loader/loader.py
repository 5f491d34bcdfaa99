class Loader:
    def load(self, name):
        path = self.resolve(name)
        if not path.exists():
            raise FileNotFoundError(path)
        if path.is_dir():
            raise IsADirectoryError(path)
        text = path.read_text()
        self.loaded.add(name)
        return self.parse(text)

    def dump(self, name, obj):
        path = self.resolve(name)
        text = self.render(obj)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text)
        tmp.replace(path)
        self.dumped.add(name)
        self.stats.dumps += 1
        self.log.info(name)

    def _write(self, path, text):
        path.write_text(text)

    def reload(self, name):
        self.loaded.discard(name)
        self.cache.clear()
        self.stats.reloads += 1
        self.log.info(name)
        return self.load(name)

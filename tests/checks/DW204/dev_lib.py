"""DW204: functions whose callers (in this file and in dev_callers.py) mostly test the result."""

_TABLE = {}


def find(key):
    return _TABLE.get(key)


def lookup(name):
    if name in _TABLE:
        return _TABLE[name]
    return None


def parse(text):
    if not text:
        return
    return text.split()


def pick(options):
    for option in options:
        if option.enabled:
            return option


def always(key):
    return _TABLE[key]


class Registry:
    def get_plugin(self, name):
        return getattr(self, name, None)

    def use_a(self, name):
        plugin = self.get_plugin(name)
        if plugin is None:
            return None
        return plugin.run()

    def use_b(self, name):
        plugin = self.get_plugin(name)
        if not plugin:
            return None
        return plugin.run()

    def use_c(self, name):
        if (plugin := self.get_plugin(name)) is not None:
            plugin.run()

    def use_d(self, name):
        plugin = self.get_plugin(name)
        assert plugin is not None
        plugin.run()

    def use_e(self, name):
        return self.get_plugin(name).run()  # expect: DW204 "`get_plugin()` can return None (`return getattr(self, name, None)`, line 34)" "4 of 6 callers" "e.g. line 38"


def users(key, name):
    entry = find(key)
    if entry is None:
        raise KeyError(key)
    if lookup(name) is None:
        return None
    item = lookup(name)
    if item is not None:
        print(item.size)
    return entry.size

"""A class named as the base it imports: `class Plugin(Plugin)` derives from plugins.base.Plugin
(a base is resolved where the class statement runs, before the class is bound)."""
from plugins.base import Plugin


class Plugin(Plugin):
    def run(self):  # ok: overrides plugins.base.Plugin.run, not itself
        return 2

    def halt(self):
        return self.stop().code  # expect: DW203 "Plugin.stop at base.py:8"

    def again(self):
        return self.missing().code  # ok: defined nowhere

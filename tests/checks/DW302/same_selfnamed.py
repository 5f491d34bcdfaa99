"""A class named as the base it imports: the base is the imported class, never itself."""
from same_selfnamed_base import Plugin


class Plugin(Plugin):
    def run(self):  # ok: differs from same_selfnamed_base.Plugin.run (and is not its own base)
        return 2

    def stop(self):  # expect: DW302 "identical to Plugin.stop (same_selfnamed_base.py:8)"
        return 0


class Orphan(Orphan):  # noqa: F821 (no Orphan bound before: no base in the tree)
    def run(self):  # ok: no base method, not even itself
        return 1

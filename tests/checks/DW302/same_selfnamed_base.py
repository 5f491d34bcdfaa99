"""The base of same_selfnamed.py's class of the same name."""


class Plugin:
    def run(self):
        return 1

    def stop(self):
        return 0

"""The base that plugins.impl's class of the same name derives from."""


class Plugin:
    def run(self):
        return 1

    def stop(self):
        return None

"""The other half of the cycle of plugins.loop_a."""
from plugins.loop_a import A


class B(A):
    def g(self):
        return None

    def h(self):
        return 1

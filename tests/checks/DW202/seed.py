# The DW202 case from the review that motivated deadwood: writer_factory.py:22 dereferences
# self._w (self._w.pure_dp) and then, on the same path, tests it against None.


class WriterFactory:
    def __init__(self, w, cfg):
        self._w = w
        self._cfg = cfg

    def create(self, cfg, K):
        if self._w.pure_dp:
            x = cfg[K] and self._w is not None  # expect: DW202 "dereferenced on line {-1}"
            return x
        return None

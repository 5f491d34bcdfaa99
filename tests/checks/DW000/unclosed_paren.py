# A call left open: CPython reports the line of the `(` that was never closed, not the end of
# the file where it gave up.
import logging

log = logging.getLogger(__name__)
handler = logging.StreamHandler(  # expect: DW000 "'(' was never closed"
    stream=None,
    level=logging.INFO

log.addHandler(handler)

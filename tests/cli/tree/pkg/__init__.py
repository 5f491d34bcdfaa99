"""The package; an identical conditional expression (DW102)."""

DEBUG = True if __debug__ else True

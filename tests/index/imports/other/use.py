"""Imports conf, which its own directory lacks: one/conf.py or two/conf.py, as sys.path says."""
from conf import settings

settings().debug  # ok: ambiguous, left unresolved

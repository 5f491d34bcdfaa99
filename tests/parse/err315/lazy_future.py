# error: 2: lazy from __future__ import is not allowed
lazy from __future__ import annotations

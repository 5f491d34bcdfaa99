from __future__ import annotations; from __future__ import generators, xyz, braces

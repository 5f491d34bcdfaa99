from __future__ import nested_scopes, braces

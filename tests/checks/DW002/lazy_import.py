lazy import json  # expect: DW002

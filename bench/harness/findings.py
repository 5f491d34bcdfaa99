"""findings.py — what each tool reported on a corpus, counted per rule code and per defect class
(identical if/else branches; None dereferences), so that a speed figure always stands next to
what was found for it.

Offers:
  count(tool, stdout, stderr, dw_classes)  {"total", "by_code", "classes": {class: n or None}}
                                           (None: the tool has no rule for that class)
  deadwood_rule_classes(dw, codes)         deadwood's codes mapped to the defect classes by the
                                           rule names `deadwood rule --all` lists
"""
import collections
import re
import subprocess

from tools import DEFECT_CLASSES, IDENT, NONE

IDENT_NAMES = re.compile(r"identical|duplicate-arm|same-arms")
NONE_NAMES = re.compile(r"none")


def deadwood_rule_classes(dw, codes):
    """code -> class, from the rule names `deadwood rule --all` lists (DW201 by the design
    when the listing cannot be had)."""
    names = {}
    try:
        p = subprocess.run([dw, "rule", "--all"], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True, timeout=30)
        for line in p.stdout.splitlines():
            parts = line.split()
            if len(parts) >= 2:
                names[parts[0]] = parts[1]
    except (OSError, subprocess.TimeoutExpired):
        pass
    out = {}
    for code in sorted(set(codes) | set(names)):
        name = names.get(code, "")
        if code == "DW201" or NONE_NAMES.search(name):
            out[code] = NONE
        elif IDENT_NAMES.search(name):
            out[code] = IDENT
    return out, names


def count(tool, stdout, stderr, dw_classes=None):
    items = tool.findings(stdout, stderr) if tool.findings else []
    by_code = collections.Counter(code for code, _ in items)
    classes = {}
    for cls in DEFECT_CLASSES:
        if tool.deadwood:
            classes[cls] = sum(n for code, n in by_code.items()
                               if (dw_classes or {}).get(code) == cls)
        elif cls in tool.classes:
            pred = tool.classes[cls]
            classes[cls] = sum(1 for code, msg in items if pred(code, msg))
        else:
            classes[cls] = None
    return {"total": len(items), "by_code": dict(by_code.most_common()), "classes": classes}

# Soft keywords used as ordinary names, and match statements next to them.
import re

match = re.match(r"(\d+)", "42")  # ok: `match` is a soft keyword
case = match.group(1) if match else None  # ok
type = "linear"  # ok: `type` too
_ = print(type, case)  # ok


def dispatch(command):
    match command.split():  # ok
        case ["go", direction]:  # ok
            return direction
        case [*_]:  # ok
            return None

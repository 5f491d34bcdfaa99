# DW201 at module level: every name is shared (other modules and functions may rebind it), so
# facts about it are forgotten at any call; between calls they hold.
import os

CONFIG = None
if os.environ.get("APP_CONFIG"):
    CONFIG = {"path": os.environ["APP_CONFIG"]}

# Assigned on one path only.
PATH = CONFIG["path"]  # ok: set when APP_CONFIG is set

LOGGER = None
LEVEL = LOGGER.level  # expect: DW201 "on line {-1}"

HANDLER = None
setup_logging()
HANDLER.flush()  # ok: setup_logging() may have set it (a module-level name is shared)

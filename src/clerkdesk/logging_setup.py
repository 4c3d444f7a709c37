"""Logging to a rotating file in the user's log folder (or the ``[logging] folder`` the
settings name)."""

from __future__ import annotations

import logging
from pathlib import Path

from clerkdesk.settings import log_folder

LOG_FILE_NAME = "clerkdesk.log"
_configured: Path | None = None


def log_file_path() -> Path:
    return log_folder() / LOG_FILE_NAME


def configure_logging(level: int = logging.INFO) -> Path | None:
    """Send records to the log file; returns its path, or None if it cannot be written."""
    global _configured
    if _configured is not None:
        return _configured
    # Imported here: the handlers module costs start-up time the window should not pay.
    import logging.handlers

    path = log_file_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=2_000_000, backupCount=5, encoding="utf-8", errors="backslashreplace"
        )
    except OSError:
        return None
    handler.setFormatter(
        logging.Formatter("%(asctime)s %(levelname)s %(name)s [%(process)d] %(message)s")
    )
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    _configured = path
    return path

"""A file the screens write (a report, a list) is written whole or not at all: beside its
place first, then renamed over it, so a failure or a full disk leaves no half file."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_whole(path: Path, data: bytes) -> Path:
    handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".part", dir=path.parent)
    # A report is for the treasurer or a mail house, not mkstemp's owner-only mode.
    with contextlib.suppress(OSError):
        os.chmod(temporary, 0o644)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
    return path

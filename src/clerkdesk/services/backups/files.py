"""Where a backup is written and how: whole or not at all, and on the disk before it counts."""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from pathlib import Path

from clerkdesk.db.checks import shown
from clerkdesk.errors import DiskFull
from clerkdesk.services.backups.manifest import BackupRefused
from clerkdesk.whole_files import WriteFailed, folder_of, partial_beside


@contextlib.contextmanager
def scratch_beside(path: Path) -> Iterator[Path]:
    """A hidden empty file beside ``path`` for work in progress, gone on the way out (a
    kill -9 leaves it as a ``.part`` file the next backup there clears an hour on)."""
    with partial_beside(path) as (stream, partial):
        stream.close()
        yield partial


def sync_folder(path: Path) -> None:
    """The rename that put ``path`` in its folder, on the disk too (where the system lets a
    folder be synced; Windows does not, and needs none)."""
    with contextlib.suppress(OSError, AttributeError):
        handle = os.open(folder_of(path), os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def refused_write(path: Path, exc: OSError) -> Exception:
    """An OSError while writing ``path`` in the words a clerk or IT acts on."""
    reason = exc.reason if isinstance(exc, WriteFailed) else (exc.strerror or str(exc))
    if exc.errno == errno.ENOSPC or "no space" in reason.lower():
        return DiskFull(
            f"No room for the backup in {shown(folder_of(path))}; free some space or choose "
            "another folder. No backup was written there."
        )
    return BackupRefused(
        f"Cannot write the backup {shown(path)}: {reason}. No backup was written there."
    )

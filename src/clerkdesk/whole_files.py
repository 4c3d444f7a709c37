"""Files written whole or not at all: each is written beside its place under a hidden
``.NAME-XXXX.part`` name, flushed to disk, then renamed over the target, so a failure, a
full disk or a cancel leaves no half file under the real name.

A process killed outright (kill -9, a power cut) cannot remove its ``.part`` file; the
next write beside the same target clears such leftovers once they are an hour old, an age
no run that is still going reaches before its own rename.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

STALE_AFTER_SECONDS = 3600


class WriteFailed(OSError):
    """A file could not be written whole: ``path`` is the target, ``in_folder`` says the
    folder itself refused a new file; the target is untouched either way."""

    def __init__(self, path: Path, cause: OSError, *, in_folder: bool = False) -> None:
        super().__init__(cause.errno, cause.strerror or str(cause))
        self.path = path
        self.in_folder = in_folder
        self.reason = cause.strerror or str(cause)

    def words(self, name: str | None = None) -> str:
        """``cannot write in 'reports': Permission denied`` or ``cannot write 'x.pdf': …``."""
        if self.in_folder:
            return f"cannot write in {name or folder_of(self.path)}: {self.reason}"
        return f"cannot write {name or self.path}: {self.reason}"


def folder_of(path: Path) -> Path:
    """The folder a file goes in (``.`` for a bare file name)."""
    return path.parent if str(path.parent) else Path(".")


def _prefix(path: Path) -> str:
    return f".{path.stem}-"


def clear_leftovers(path: Path, *, now: float | None = None) -> list[Path]:
    """Remove the ``.part`` files that writes of ``path`` left an hour ago or more."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    with contextlib.suppress(OSError):
        for leftover in folder_of(path).glob(f"{_prefix(path)}*.part"):
            with contextlib.suppress(OSError):
                if now - leftover.stat().st_mtime >= STALE_AFTER_SECONDS:
                    leftover.unlink()
                    removed.append(leftover)
    return removed


@contextlib.contextmanager
def partial_beside(path: Path) -> Iterator[tuple[BinaryIO, Path]]:
    """A new hidden file beside ``path``, open for writing; removed on the way out unless
    renamed in the meantime. Raises ``WriteFailed`` when the folder takes no new file."""
    clear_leftovers(path)
    try:
        handle, name = tempfile.mkstemp(prefix=_prefix(path), suffix=".part", dir=folder_of(path))
    except OSError as exc:
        raise WriteFailed(path, exc, in_folder=True) from exc
    # What these files hold goes to the treasurer, a mail house or a printer: others may
    # read it, not only mkstemp's owner.
    with contextlib.suppress(OSError):
        os.chmod(name, 0o644)
    stream = os.fdopen(handle, "wb")
    try:
        yield stream, Path(name)
    finally:
        stream.close()
        with contextlib.suppress(OSError):
            os.unlink(name)


def settle(stream: BinaryIO, path: Path) -> None:
    """The partial file's bytes on disk and the file closed, ready to be renamed."""
    try:
        stream.flush()
        os.fsync(stream.fileno())
        stream.close()
    except OSError as exc:
        raise WriteFailed(path, exc) from exc


def rename_in(partial: Path, path: Path) -> None:
    try:
        os.replace(partial, path)
    except OSError as exc:
        raise WriteFailed(path, exc) from exc


def write_whole(path: Path, data: bytes) -> Path:
    """``data`` as the whole of ``path``, or ``path`` untouched. Raises ``WriteFailed``."""
    write_all([(path, data)])
    return path


def write_all(files: list[tuple[Path, bytes]]) -> None:
    """Every file whole, or none of them: each written beside its place first, then all
    renamed in. Raises ``WriteFailed`` naming the file that failed."""
    with contextlib.ExitStack() as stack:
        ready: list[tuple[Path, Path]] = []
        for path, data in files:
            stream, partial = stack.enter_context(partial_beside(path))
            try:
                stream.write(data)
            except OSError as exc:
                raise WriteFailed(path, exc) from exc
            settle(stream, path)
            ready.append((partial, path))
        for partial, path in ready:
            rename_in(partial, path)

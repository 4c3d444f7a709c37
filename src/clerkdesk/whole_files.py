"""Files written whole or not at all: each is written beside its place under a hidden
``.NAME-XXXX.part`` name, flushed to disk, then renamed over the target, so a failure, a
full disk or a cancel leaves no half file under the real name.

Only a regular file is ever renamed over. A symbolic link is followed: its target is
written and the link stays. A device or a pipe (``/dev/null``, a FIFO a program reads) is
written straight through, never replaced. A file that is not of the document's own kind (a
SQLite database, above all the office's own; a PDF where a text file was) is refused before
anything is written, naming the file.

A process killed outright (kill -9, a power cut) cannot remove its ``.part`` file; the
next write beside the same target clears such leftovers once they are an hour old, an age
no run that is still going reaches before its own rename.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

STALE_AFTER_SECONDS = 3600


class WriteFailed(OSError):
    """A file could not be written whole: ``path`` is the target, ``in_folder`` says the
    folder itself refused a new file; the target is untouched either way."""

    def __init__(
        self, path: Path, cause: OSError, *, in_folder: bool = False, refused: bool = False
    ) -> None:
        super().__init__(cause.errno, cause.strerror or str(cause))
        self.path = path
        self.in_folder = in_folder
        self.refused = refused
        self.reason = cause.strerror or str(cause)

    def words(self, name: str | None = None) -> str:
        """``cannot write in 'reports': Permission denied`` or ``cannot write 'x.pdf': …``,
        or for a file ClerkDesk will not write over, ``will not write over 'x.pdf': …``."""
        if self.refused:
            return f"will not write over {name or self.path}: {self.reason}"
        if self.in_folder:
            return f"cannot write in {name or folder_of(self.path)}: {self.reason}"
        return f"cannot write {name or self.path}: {self.reason}"


def refused(path: Path, reason: str) -> WriteFailed:
    return WriteFailed(path, OSError(errno.EEXIST, reason), refused=True)


# The longest file name most file systems hold (bytes, not characters).
NAME_MAX = 255
_SNIFF = 8192
_MAGIC = (
    (b"SQLite format 3\x00", "SQLite database"),
    (b"%PDF-", "PDF"),
    (b"PK\x03\x04", "zip"),
    (b"PK\x05\x06", "zip"),
    (b"\x89PNG\r\n\x1a\n", "PNG image"),
)


def kind_of(head: bytes) -> str:
    """What the first bytes of a file say it is: a known kind, "text", "binary" or "empty"."""
    if not head:
        return "empty"
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            return kind
    if b"\0" in head:
        return "binary"
    for cut in range(4):  # a character cut by the sample's end is still text
        with contextlib.suppress(UnicodeDecodeError):
            head[: len(head) - cut].decode("utf-8")
            return "text"
    return "binary"


def placed(path: Path) -> Path:
    """Where writing ``path`` puts the bytes: a symbolic link's target (the link stays)."""
    return Path(os.path.realpath(path)) if os.path.islink(path) else path


def name_problem(path: Path) -> str | None:
    """Why no file can have this name, in words (None: it can)."""
    size = len(os.fsencode(path.name))
    if size > NAME_MAX:
        return f"the file name is too long ({size:,} bytes; at most {NAME_MAX})"
    return None


def _special(path: Path) -> bool:
    """A device, pipe or socket: written straight through, never renamed over."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def check_target(path: Path, kind: str) -> None:
    """Refuse, naming the reason, a place a ``kind`` document must not be written over: a
    name no file can have, a SQLite database, a file of another kind. A place with nothing
    there, an empty file, a device or a pipe passes (and a folder, which the rename
    refuses). Raises ``WriteFailed``."""
    problem = name_problem(path)
    if problem is not None:
        raise WriteFailed(path, OSError(errno.ENAMETOOLONG, problem))
    target = placed(path)
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return  # nothing there yet (or no way to look): the write says what it finds
    if not stat.S_ISREG(mode):
        return  # a folder is each command's to name; a device or pipe is written through
    try:
        with open(target, "rb") as file:
            there = kind_of(file.read(_SNIFF))
    except OSError:
        return
    if there == "SQLite database":
        raise refused(
            path, "it is a SQLite database (an office's records); choose another file name"
        )
    if there not in ("empty", kind):
        raise refused(
            path,
            f"it is a {there} file, not a {kind}; choose another file name or move it away",
        )


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
    problem = name_problem(path)
    if problem is not None:
        raise WriteFailed(path, OSError(errno.ENAMETOOLONG, problem))
    target = placed(path)
    # A device's or pipe's bytes are gathered where temporary files go, never beside it
    # (in /dev).
    folder = Path(tempfile.gettempdir()) if _special(target) else folder_of(target)
    clear_leftovers(target)
    try:
        handle, name = tempfile.mkstemp(prefix=_prefix(target), suffix=".part", dir=folder)
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
    """The written file put in its place: renamed over a regular file (or none), written
    straight through to a device or pipe; refused over a file of another kind."""
    try:
        with open(partial, "rb") as file:
            kind = kind_of(file.read(_SNIFF))
    except OSError as exc:
        raise WriteFailed(path, exc) from exc
    check_target(path, "empty" if kind == "empty" else kind)
    target = placed(path)
    if _special(target):
        _write_through(partial, target, path)
        return
    try:
        os.replace(partial, target)
    except OSError as exc:
        raise WriteFailed(path, exc) from exc


def _write_through(partial: Path, target: Path, path: Path) -> None:
    """Open the device or pipe as it is and write the bytes into it; it stays what it was.
    A pipe no program reads is refused rather than waited on."""
    try:
        handle = os.open(target, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise refused(path, "it is a pipe that no program is reading") from exc
        raise WriteFailed(path, exc) from exc
    try:
        if hasattr(os, "set_blocking"):
            os.set_blocking(handle, True)
        with os.fdopen(handle, "wb", closefd=False) as out, open(partial, "rb") as source:
            shutil.copyfileobj(source, out)
    except OSError as exc:
        raise WriteFailed(path, exc) from exc
    finally:
        os.close(handle)
        with contextlib.suppress(OSError):
            os.unlink(partial)


def write_whole(path: Path, data: bytes) -> Path:
    """``data`` as the whole of ``path``, or ``path`` untouched. Raises ``WriteFailed``."""
    write_all([(path, data)])
    return path


def write_all(files: list[tuple[Path, bytes]]) -> None:
    """Every file whole, or none of them: each written beside its place first, then all
    renamed in. Raises ``WriteFailed`` naming the file that failed."""
    for path, data in files:
        check_target(path, kind_of(data[:_SNIFF]))
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

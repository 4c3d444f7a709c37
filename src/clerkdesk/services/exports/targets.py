"""Where an export goes: a file (not a folder) of the right kind in a folder that exists,
written whole or not at all (``clerkdesk.whole_files``)."""

from __future__ import annotations

import contextlib
import errno
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from clerkdesk.errors import DiskFull, ValidationError
from clerkdesk.whole_files import WriteFailed, check_target, partial_beside, rename_in, settle


def target(path: Path, suffixes: tuple[str, ...], what: str) -> Path:
    path = Path(path).expanduser()
    try:
        # A name no file can have, the office's database, a file of another kind: refused
        # before the export reads a row.
        kind = {".csv": "text"}.get(path.suffix.lower(), "zip")
        check_target(path, kind)
    except WriteFailed as exc:
        raise ValidationError(exc.words(), field=what) from exc
    if not path.name or path.is_dir():
        raise ValidationError(f"the {what} must be a file, not a folder: {path}", field=what)
    if path.suffix.lower() not in suffixes:
        kinds = " or ".join(suffixes)
        raise ValidationError(f"the {what} must be a {kinds} file, not {path.name}", field=what)
    if not path.parent.is_dir():
        raise ValidationError(
            f"the folder for the {what} does not exist: {path.parent}", field=what
        )
    return path


def distinct(first: Path, second: Path | None) -> None:
    if second is not None and first.resolve() == second.resolve():
        raise ValidationError("the zip and the workbook must be different files", field="xlsx")


@contextlib.contextmanager
def partial(path: Path) -> Iterator[tuple[BinaryIO, Path]]:
    """A new hidden file beside ``path``; gone on the way out unless placed."""
    try:
        with partial_beside(path) as opened:
            yield opened
    except WriteFailed as exc:
        raise ValidationError(exc.words()) from exc
    except OSError as exc:
        # A full disk or a share gone mid-write: the partial file is already removed.
        if exc.errno == errno.ENOSPC:
            raise DiskFull(f"The disk is full: {path.name} was not written.") from exc
        raise ValidationError(f"cannot write {path}: {exc.strerror or exc}") from exc


def place(written: list[tuple[BinaryIO, Path, Path]]) -> None:
    """Each (stream, partial file, target): flushed to disk, then renamed in."""
    try:
        for stream, _partial, path in written:
            settle(stream, path)
        for _stream, part, path in written:
            rename_in(part, path)
    except WriteFailed as exc:
        raise ValidationError(exc.words()) from exc

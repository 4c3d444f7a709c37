"""Files the commands write: each whole or not at all (``clerkdesk.whole_files``), a
failure said in one line naming the file."""

from __future__ import annotations

from pathlib import Path

from clerkdesk.cli.context import fail
from clerkdesk.whole_files import WriteFailed, check_target, folder_of
from clerkdesk.whole_files import write_all as write_all_whole


def quoted(text: str) -> str:
    """A file name as a message shows it: on one line, cut to 40 characters."""
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= 40 else flat[:37] + "...")


def write_all(files: list[tuple[Path, bytes]]) -> None:
    """Every file whole, or none of them and one line saying why."""
    try:
        write_all_whole(files)
    except WriteFailed as exc:
        shown = folder_of(exc.path) if exc.in_folder else exc.path
        fail(exc.words(quoted(str(shown))))


def write_whole(path: Path, data: bytes) -> None:
    write_all([(path, data)])


# The kind of document each file name's ending promises, as ``whole_files.kind_of`` says it.
KIND_BY_SUFFIX = {".pdf": "PDF", ".csv": "text", ".zip": "zip", ".xlsx": "zip", ".png": "PNG image"}


def checked_target(path: Path, kind: str | None = None) -> Path:
    """``path`` as a place a command may write its document, else one line naming the file:
    a name no file can have, a folder, a SQLite database (the office's own above all), a
    file of another kind. Called before the work, so nothing is drawn or recorded first."""
    wanted = kind or KIND_BY_SUFFIX.get(path.suffix.lower(), "PDF")
    try:
        check_target(path, wanted)
    except WriteFailed as exc:
        fail(exc.words(quoted(str(path))))
    return path

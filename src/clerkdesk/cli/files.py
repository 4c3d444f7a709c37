"""Files the commands write: each whole or not at all (``clerkdesk.whole_files``), a
failure said in one line naming the file."""

from __future__ import annotations

from pathlib import Path

from clerkdesk.cli.context import fail
from clerkdesk.whole_files import WriteFailed, folder_of
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

"""What is sent to print: a rendered PDF, what kind of document it is, and its title."""

from __future__ import annotations

import contextlib
import enum
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from PySide6.QtWidgets import QWidget

from clerkdesk.paths import user_data_dir


class DocumentKind(enum.StrEnum):
    """The kinds a workstation remembers a printer and tray for."""

    RECEIPT = "receipt"
    CERTIFICATE = "certificate"
    TAG_LABELS = "tag_labels"
    CALIBRATION = "calibration"
    REPORT = "report"


@dataclass(frozen=True)
class PrintJob:
    title: str
    kind: DocumentKind
    path: Path

    @property
    def label_sheet(self) -> bool:
        """Label stock is where the workstation's calibration applies, and only there."""
        return self.kind in (DocumentKind.TAG_LABELS, DocumentKind.CALIBRATION)


JobPrinter = Callable[[QWidget | None, PrintJob], bool | Path]
"""(parent, a job) → True once sent to a printer the clerk chose, the file's full path when
the clerk chose Print to file, False if cancelled."""


def printed_file(result: bool | Path) -> Path | None:
    """The file a job was printed to, when the clerk chose Print to file."""
    return result if isinstance(result, Path) else None


def sent_words(names: str, result: bool | Path) -> str:
    """``Sent receipt.pdf to the printer.``, or where Print to file put it, in full."""
    file = printed_file(result)
    return f"Printed {names} to the file {file}." if file else f"Sent {names} to the printer."


def documents_dir() -> Path:
    """The office's own folder for the documents it writes, made when first needed: the
    paths proposed in it must work in a new office, where nothing has been written yet."""
    folder = user_data_dir() / "documents"
    # If it cannot be made, the path field beside it says the folder cannot be used.
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def safe_name(label: str, fallback: str = "document") -> str:
    """A label such as ``2026-00012`` as a file-name part."""
    return re.sub(r"[^0-9A-Za-z_-]+", "-", label).strip("-") or fallback


Done = TypeVar("Done")


def saved_reprint(
    reprint: Callable[[Callable[[bytes], None]], Done],
    file_name: Callable[[Done], str],
    folder: Path,
) -> tuple[Done, Path]:
    """For the task runner (no widgets): run ``reprint`` (which renders, hands the PDF to the
    delivery it is given, and records the reprint, in one transaction), the PDF saved in
    ``folder`` (the documents folder) under ``file_name`` of what it returns. A reprint that
    fails records nothing, so nothing is kept."""
    saved: list[Path] = []

    def deliver(data: bytes) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        # A temporary name first: the file's name needs the reprint's number.
        handle, name = tempfile.mkstemp(prefix=".reprint-", suffix=".part", dir=folder)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        saved.append(Path(name))

    try:
        done = reprint(deliver)
    except BaseException:
        for path in saved:
            with contextlib.suppress(OSError):
                path.unlink()
        raise
    target = saved[0].with_name(file_name(done))
    os.replace(saved[0], target)
    return done, target

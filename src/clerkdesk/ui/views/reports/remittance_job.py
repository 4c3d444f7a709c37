"""The remittance's work off the UI thread: read the ledger, draw the PDF, write the files.

Only the frozen ``Remittance`` and paths cross threads. Progress goes back through a Qt
signal (queued onto the main thread); Cancel sets an event the next step sees.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.reports.remittance_data import Remittance
from clerkdesk.rules.roles import Actor
from clerkdesk.services.progress import Cancelled
from clerkdesk.services.remittance import STEPS, remittance
from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob, documents_dir, safe_name
from clerkdesk.whole_files import write_whole

DRAWING = STEPS + 1
"""The steps of a preview: the service's, then drawing the PDF."""


class Progress(QObject):
    """Said from the worker thread, heard on the main thread."""

    moved = Signal(int, int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cancel = threading.Event()

    def reset(self) -> None:
        self._cancel.clear()

    def cancel(self) -> None:
        self._cancel.set()

    def step(self, done: int, total: int, words: str) -> None:
        if self._cancel.is_set():
            raise Cancelled("The remittance was cancelled; nothing was made.")
        self.moved.emit(done, total, words)


@dataclass(frozen=True)
class RemittanceMade:
    remittance: Remittance
    job: PrintJob


def file_stem(r: Remittance) -> str:
    month = f"{r.first_day:%Y-%m}" if r.period_label[:1].isalpha() else None
    span = month or f"{r.first_day.isoformat()}-to-{r.last_day.isoformat()}"
    return f"remittance-{safe_name(span)}"


def make_remittance(
    database: Database,
    first: dt.date,
    last: dt.date,
    *,
    actor: Actor,
    clock: Clock,
    progress: Progress,
    folder: Path | None = None,
) -> RemittanceMade:
    from clerkdesk.reports.remittance_pdf import render_remittance_pdf

    made = remittance(database, first, last, actor=actor, clock=clock, step=progress.step)
    progress.step(STEPS, DRAWING, "Drawing the PDF")
    data = render_remittance_pdf(made)
    progress.step(DRAWING, DRAWING, "Saving the PDF")
    folder = folder or documents_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{file_stem(made)}.pdf"
    write_whole(path, data)
    title = f"Remittance to the Treasurer, {made.period_label}"
    return RemittanceMade(made, PrintJob(title, DocumentKind.REPORT, path))


Renderer = Callable[[Remittance], bytes]


def renderer(kind: str) -> Renderer:
    from clerkdesk.reports.remittance_csv import render_remittance_csv
    from clerkdesk.reports.remittance_pdf import render_remittance_pdf
    from clerkdesk.reports.remittance_xlsx import render_remittance_xlsx

    return {
        "pdf": render_remittance_pdf,
        "csv": render_remittance_csv,
        "xlsx": render_remittance_xlsx,
    }[kind]

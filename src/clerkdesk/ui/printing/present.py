"""Showing documents the way this workstation wants them: a preview first, or straight to
the printer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import QWidget

from clerkdesk.ui.printing.jobs import JobPrinter, PrintJob, printed_file
from clerkdesk.ui.printing.preview import COUNTER_REPRINTS, PrintPreview
from clerkdesk.ui.printing.settings import PrintSettings


@dataclass(frozen=True)
class Presented:
    preview: PrintPreview | None  # shown, when the workstation previews first
    sent: tuple[PrintJob, ...]  # printed at once, when it does not
    files: tuple[Path, ...] = ()
    """Where the clerk printed to a file instead of a printer."""

    def message(self, what: str) -> str:
        """A line for the status bar after printing at once."""
        if self.preview is not None:
            return ""
        if not self.sent:
            return f"{what}: printing cancelled. The PDF is kept in the documents folder."
        if self.files:
            return f"{what} printed to the file {', '.join(map(str, self.files))}."
        return f"{what} sent to the printer."


def present(
    parent: QWidget,
    title: str,
    jobs: Sequence[PrintJob],
    print_job: JobPrinter,
    settings: PrintSettings | None = None,
    *,
    tab_names: Sequence[str] | None = None,
    reprint_from: str = COUNTER_REPRINTS,
) -> Presented:
    """The preview (opened, not blocking) when the workstation previews first; otherwise
    each job straight to ``print_job``, in order, until the clerk cancels one."""
    settings = settings or PrintSettings()
    if settings.preview_first:
        preview = PrintPreview(
            title, jobs, print_job, parent, tab_names=tab_names, reprint_from=reprint_from
        )
        preview.open()
        preview.activateWindow()
        return Presented(preview, ())
    sent: list[PrintJob] = []
    files: list[Path] = []
    for job in jobs:
        result = print_job(parent, job)
        if not result:
            break  # the clerk cancelled the printer dialog: not the rest either
        sent.append(job)
        files += filter(None, [printed_file(result)])
    return Presented(None, tuple(sent), tuple(files))

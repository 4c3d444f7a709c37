"""Showing documents the way this workstation wants them: a preview first, or straight to
the printer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import QWidget

from clerkdesk.ui.printing.jobs import JobPrinter, PrintJob
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.printing.settings import PrintSettings


@dataclass(frozen=True)
class Presented:
    preview: PrintPreview | None  # shown, when the workstation previews first
    sent: tuple[PrintJob, ...]  # printed at once, when it does not

    def message(self, what: str) -> str:
        """A line for the status bar after printing at once."""
        if self.preview is not None:
            return ""
        if not self.sent:
            return f"{what}: printing cancelled. The PDF is kept in the documents folder."
        return f"{what} sent to the printer."


def present(
    parent: QWidget,
    title: str,
    jobs: Sequence[PrintJob],
    print_job: JobPrinter,
    settings: PrintSettings | None = None,
    *,
    tab_names: Sequence[str] | None = None,
) -> Presented:
    """The preview (opened, not blocking) when the workstation previews first; otherwise
    each job straight to ``print_job``, in order, until the clerk cancels one."""
    settings = settings or PrintSettings()
    if settings.preview_first:
        preview = PrintPreview(title, jobs, print_job, parent, tab_names=tab_names)
        preview.open()
        preview.activateWindow()
        return Presented(preview, ())
    sent: list[PrintJob] = []
    for job in jobs:
        if not print_job(parent, job):
            break  # the clerk cancelled the printer dialog: not the rest either
        sent.append(job)
    return Presented(None, tuple(sent))

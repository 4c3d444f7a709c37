"""The Kennels area's two reports: State report… (the year chosen's kennel licenses for the
state, as of today, as a PDF and a CSV with the same columns) and Inspection record… (the
chosen kennel's inspections, for the animal control officer). Each is read and written off
the UI thread into the documents folder, then shown in the shared print preview."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtWidgets import QWidget

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ClerkDeskError, EnvironmentProblem
from clerkdesk.rules.roles import Actor
from clerkdesk.services.kennels import KennelRow
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob, documents_dir, safe_name
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.whole_files import write_whole


class ReportScreen(Protocol):
    ctx: UiContext

    def say(self, text: str, *, problem: bool = False) -> None: ...

    def chosen_year(self) -> int | None: ...


@dataclass(frozen=True)
class ReportWritten:
    job: PrintJob
    message: str


def write_state_report(
    database: Database, year: int, actor: Actor, clock: Clock, folder: Path | None = None
) -> ReportWritten:
    """The PDF and CSV in the documents folder; for the task runner (no widgets)."""
    from clerkdesk.reports.state_kennels_csv import render_state_kennels_csv
    from clerkdesk.reports.state_kennels_pdf import render_state_kennels_pdf
    from clerkdesk.rules.counts import counted
    from clerkdesk.services.state_kennel_report import state_kennel_report

    report = state_kennel_report(database, year=year, as_of=clock.today(), actor=actor)
    folder = folder or documents_dir()
    stem = f"kennel-report-{safe_name(report.year_label)}-{report.as_of.isoformat()}"
    pdf, csv = folder / f"{stem}.pdf", folder / f"{stem}.csv"
    write_whole(pdf, render_state_kennels_pdf(report))
    write_whole(csv, render_state_kennels_csv(report))
    title = f"Kennel licenses {report.year_label}"
    said = (
        f"{counted(len(report.in_force), 'kennel license')} for {report.year_label}. "
        f"The same columns as a spreadsheet for the state: {csv}"
    )
    return ReportWritten(PrintJob(title, DocumentKind.REPORT, pdf), said)


def write_inspection_record(
    database: Database, kennel_id: int, actor: Actor, clock: Clock, folder: Path | None = None
) -> ReportWritten:
    from clerkdesk.reports.kennel_inspections_pdf import render_kennel_inspections_pdf
    from clerkdesk.rules.counts import counted
    from clerkdesk.services.kennel_inspection_record import kennel_inspection_record

    record = kennel_inspection_record(database, kennel_id, on=clock.today(), actor=actor)
    folder = folder or documents_dir()
    pdf = folder / f"kennel-inspections-{kennel_id}-{record.printed_on.isoformat()}.pdf"
    write_whole(pdf, render_kennel_inspections_pdf(record))
    title = f"Inspection record — {record.kennel_name}"
    said = f"{counted(len(record.entries), 'inspection')} on file for {record.kennel_name}."
    return ReportWritten(PrintJob(title, DocumentKind.REPORT, pdf), said)


class KennelReports:
    def __init__(self, screen: ReportScreen, parent: QWidget) -> None:
        self.screen = screen
        self.parent = parent
        self.ctx = screen.ctx
        self.loading = 0
        self.preview: PrintPreview | None = None

    def state_report(self) -> None:
        year = self.screen.chosen_year()
        if year is None:
            return
        ctx = self.ctx
        self._run(lambda: write_state_report(ctx.database, year, ctx.actor, ctx.clock))

    def inspection_record(self, row: KennelRow) -> None:
        ctx, kennel_id = self.ctx, row.kennel_id
        self._run(lambda: write_inspection_record(ctx.database, kennel_id, ctx.actor, ctx.clock))

    def _run(self, fn: Callable[[], Any]) -> None:
        self.loading += 1
        self.screen.say("Writing the report…")
        self.ctx.tasks.run(fn, self._written, self._failed)

    def _written(self, written: ReportWritten) -> None:
        self.loading -= 1
        self.screen.say("")
        self.preview = PrintPreview(
            written.job.title, [written.job], self.ctx.dialogs.print_job, self.parent
        )
        self.preview.message.setText(written.message)
        # Closed, the preview hands the keyboard back to the area it came from.
        self.preview.finished.connect(lambda _r: self.parent.window().activateWindow())
        self.preview.open()
        self.preview.activateWindow()

    def _failed(self, exc: Exception) -> None:
        self.loading -= 1
        if isinstance(exc, (ClerkDeskError, EnvironmentProblem, OSError)):
            self.screen.say(f"The report could not be written: {exc}", problem=True)
            return
        raise exc

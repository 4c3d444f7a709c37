"""The enforcement papers through the app's one print path: the violation notice, the
hearing notice, the order of the hearing authority and the impound release receipt, each
saved as a PDF in the documents folder and shown in the print preview (or sent straight to
the printer, by the workstation's setting), as receipts and certificates are.

The paper as issued opens once its step is saved (a violation recorded, a hearing
scheduled or decided, a dog released at the counter). Another copy is a reprint: asked why,
marked REPRINT and recorded (``services.enforcement.papers.reprint_paper``) in one
transaction with the file written, so a file that cannot be saved leaves no record.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import QLineEdit, QWidget

from clerkdesk.db.database import Database
from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.rules.kinds import PrintedKind
from clerkdesk.services.enforcement.papers import REASON_LENGTH, paper, reprint_paper
from clerkdesk.services.reprints import Reprinted
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.printing.jobs import (
    DocumentKind,
    PrintJob,
    documents_dir,
    safe_name,
    saved_reprint,
)
from clerkdesk.ui.printing.present import present
from clerkdesk.ui.printing.preview import PrintPreview


@dataclass(frozen=True)
class PaperSort:
    document: DocumentKind
    """The printer it goes to: the release receipt to the receipts' (printed once from the
    preview, like a receipt); the letters to the reports' plain paper."""
    stem: str
    tab: str
    reprint_from: str
    """Where another copy is had, as the preview says it."""


AREA = "the record's details in Enforcement (F10)"
PAPERS: dict[PrintedKind, PaperSort] = {
    PrintedKind.VIOLATION_NOTICE: PaperSort(
        DocumentKind.REPORT, "violation-notice", "Violation notice",
        "Print notice… (P) on the violation's details in Enforcement (F10)",
    ),
    PrintedKind.HEARING_NOTICE: PaperSort(
        DocumentKind.REPORT, "hearing-notice", "Notice of hearing",
        "Hearing notice… (N) on the complaint's details in Enforcement (F10)",
    ),
    PrintedKind.HEARING_ORDER: PaperSort(
        DocumentKind.REPORT, "hearing-order", "Order",
        "Print order… (O) on the complaint's details in Enforcement (F10)",
    ),
    PrintedKind.IMPOUND_RELEASE: PaperSort(
        DocumentKind.RECEIPT, "impound-release", "Impound release",
        "Release receipt… (P) on the impound's details in Enforcement (F10)",
    ),
}  # fmt: skip


def write_paper(database: Database, kind: PrintedKind, record_id: int, today: dt.date) -> PrintJob:
    """The paper as issued, saved in the documents folder; for the task runner."""
    made = paper(database, kind, record_id, today=today)
    folder = documents_dir()
    folder.mkdir(parents=True, exist_ok=True)
    sort = PAPERS[kind]
    path = folder / f"{sort.stem}-{safe_name(made.label, sort.stem)}.pdf"
    path.write_bytes(made.pdf)
    return PrintJob(made.title, sort.document, path)


def write_papers(
    database: Database, kind: PrintedKind, record_ids: Sequence[int], today: dt.date
) -> list[PrintJob]:
    return [write_paper(database, kind, record_id, today) for record_id in record_ids]


def reprint_file(
    ctx: UiContext, kind: PrintedKind, record_id: int, reason: str | None
) -> tuple[Reprinted, PrintJob]:
    """For the task runner: reprint, record and save the PDF; nothing kept if it fails."""
    sort = PAPERS[kind]
    done, target = saved_reprint(
        lambda deliver: reprint_paper(
            ctx.database,
            kind,
            record_id,
            actor=ctx.actor,
            clock=ctx.clock,
            reason=reason,
            deliver=deliver,
        ),
        lambda done: f"{sort.stem}-{safe_name(done.label, sort.stem)}-reprint-{done.reprints}.pdf",
        documents_dir(),
    )
    return done, PrintJob(f"{done.title} (reprint)", sort.document, target)


class PaperPrinter:
    """Shows a paper as issued (``issue``) or a reprint's (``show_reprint``); ``said`` gets
    what to tell the officer, and whether it is a problem."""

    def __init__(
        self,
        ctx: UiContext,
        parent: QWidget,
        said: Callable[[str, bool], None],
        back: Callable[[], None] | None = None,
    ) -> None:
        """``back``: where the keyboard goes when the preview closes (the parent's window
        by default)."""
        self.ctx, self.parent, self.said = ctx, parent, said
        self.back = back or parent.activateWindow
        self.writing = 0
        self.preview: PrintPreview | None = None

    def busy(self) -> bool:
        return self.writing > 0

    def issue(self, kind: PrintedKind, record_id: int) -> None:
        """The paper as issued, written off the UI thread, then previewed or printed."""
        self.writing += 1
        database, today = self.ctx.database, self.ctx.clock.today()
        self.ctx.tasks.run(
            lambda: write_paper(database, kind, record_id, today),
            lambda job: self._written(kind, job),
            self._failed,
        )

    def _written(self, kind: PrintedKind, job: PrintJob) -> None:
        self.writing -= 1
        sort = PAPERS[kind]
        shown = present(
            self.parent, job.title, [job], self.ctx.dialogs.print_job,
            tab_names=[sort.tab], reprint_from=sort.reprint_from,
        )  # fmt: skip
        self.preview = shown.preview
        if shown.preview is not None:
            shown.preview.finished.connect(lambda _r: self.back())
        else:
            self.said(shown.message(job.title), False)

    def show_reprint(self, done: Reprinted, job: PrintJob) -> None:
        self.said(f"{done.title} reprinted (reprint no. {done.reprints}) and recorded.", False)
        self.preview = PrintPreview(
            f"Reprint — {done.title}", [job], self.ctx.dialogs.print_job, self.parent,
            reprint_from=PAPERS[PrintedKind(done.kind)].reprint_from,
        )  # fmt: skip
        self.preview.finished.connect(lambda _r: self.back())
        self.preview.open()
        self.preview.activateWindow()

    def _failed(self, exc: Exception) -> None:
        self.writing -= 1
        if isinstance(exc, ValidationError):
            self.said(exc.message, True)
        elif isinstance(exc, (OSError, EnvironmentProblem)):
            self.ctx.dialogs.show_error(
                self.parent,
                "The paper was saved but could not be printed",
                f"{exc}\n\nThe record is saved; print its paper again from {AREA}.",
            )
        else:
            raise exc


class ReprintPaperDialog(FormDialog):
    """Why another copy: ``saved`` carries (Reprinted, PrintJob) once it is on record."""

    def __init__(
        self,
        ctx: UiContext,
        kind: PrintedKind,
        record_id: int,
        label: str,
        parent: QWidget | None = None,
    ) -> None:
        title = f"Reprint the {PAPERS[kind].tab.lower()} {label}"
        super().__init__(ctx, title, "Reprint  Enter", parent)
        self.kind, self.record_id = kind, record_id
        self.add_intro(
            "Another copy is marked REPRINT with today's date and your name, and recorded "
            "with the reason."
        )
        self.reason = QLineEdit(self)
        self.reason.setMaxLength(REASON_LENGTH)
        self.reason.setPlaceholderText("e.g. the owner lost the original; mailed again")
        self.add_field("reason", "&Reason (optional)", self.reason)
        self.finish()
        self.reason.setFocus()

    def work(self) -> Callable[[], Any]:
        ctx, kind, record_id = self.ctx, self.kind, self.record_id
        reason = self.reason.text() or None
        return lambda: reprint_file(ctx, kind, record_id, reason)

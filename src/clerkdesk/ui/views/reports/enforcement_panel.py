"""The two enforcement reports in the Reports area: the fines unpaid past their day to pay,
as of a day, for the clerk's complaint to court (MGL c.40 §21D), and a month's enforcement
summary for the selectmen. The day is chosen as the remittance's days are, the month from
the same list (last month first); each is drawn off the UI thread and shown in the print
preview."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.db.database import Database
from clerkdesk.errors import ClerkDeskError
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.periods import month_bounds
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob, documents_dir
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.views.reports.remittance_panel import month_choices
from clerkdesk.whole_files import write_whole

UNPAID_KEYS = "Alt+U"
MONTH_KEYS = "Alt+S"
MAY_READ = (Permission.READ_REPORTS, Permission.ENFORCE)


def may_read(actor: Actor) -> bool:
    return any(actor.may(p) for p in MAY_READ)


@dataclass(frozen=True)
class ReportMade:
    job: PrintJob
    words: str
    """What it holds, for the message line."""


def _saved(name: str, data: bytes, folder: Path | None) -> Path:
    folder = folder or documents_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    write_whole(path, data)
    return path


def make_unpaid(
    database: Database, on: dt.date, actor: Actor, folder: Path | None = None
) -> ReportMade:
    """For the task runner: the list as of ``on``, drawn and saved."""
    from clerkdesk.reports.enforcement.unpaid_fines import render_unpaid_fines
    from clerkdesk.services.enforcement.papers_month import unpaid_fines

    report = unpaid_fines(database, on, actor=actor)
    path = _saved(f"unpaid-fines-{on.isoformat()}.pdf", render_unpaid_fines(report), folder)
    title = f"Unpaid fines for court, {us_date(on)}"
    count = len(report.fines)
    words = (
        f"{title}: {count} fine{'s' * (count != 1)}, ${report.total:,.2f} "
        f"({len(report.filed)} filed with the court)."
    )
    return ReportMade(PrintJob(title, DocumentKind.REPORT, path), words)


def make_month(
    database: Database, month: str, actor: Actor, today: dt.date, folder: Path | None = None
) -> ReportMade:
    """For the task runner: the month's summary (``YYYY-MM``), drawn and saved."""
    from clerkdesk.reports.enforcement.month_summary import render_month_summary
    from clerkdesk.services.enforcement.papers_month import enforcement_month

    first, last = month_bounds(month)
    summary = enforcement_month(database, first, last, actor=actor, today=today)
    path = _saved(f"enforcement-{month}.pdf", render_month_summary(summary), folder)
    title = f"Enforcement summary, {summary.label}"
    violations = sum(c.warnings + c.fines for c in summary.by_code)
    words = (
        f"{title}: {violations} violation(s), {summary.impounds_taken} impound(s), "
        f"{summary.complaints} complaint(s)."
    )
    return ReportMade(PrintJob(title, DocumentKind.REPORT, path), words)


class EnforcementReportsPanel(QGroupBox):
    made = Signal(object)
    """A ``ReportMade`` once its preview opens (tests wait for it)."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__("Enforcement reports", parent)
        self.ctx = ctx
        self.setAccessibleName("Enforcement reports")
        self.running = False
        self.preview_dialog: PrintPreview | None = None
        today = ctx.clock.today()
        grid = QGridLayout()
        self.on = QDateEdit(QDate(today.year, today.month, today.day), self)
        self.on.setAccessibleName("Unpaid fines as of")
        self.on.setDisplayFormat("MM/dd/yyyy")
        self.on.setCalendarPopup(True)
        self.month = QComboBox(self)
        self.month.setAccessibleName("Month of the summary")
        for label, key in month_choices(today):
            self.month.addItem(label, key)
        self.month.setCurrentIndex(1)  # last month: the one the selectmen are told of
        self.unpaid_button = self._button(
            f"Unpaid fines for court…  {UNPAID_KEYS}", "Unpaid fines for court", self.unpaid
        )
        self.month_button = self._button(
            f"Month's summary…  {MONTH_KEYS}", "Month's enforcement summary", self.summary
        )
        rows: tuple[tuple[str, QWidget, QPushButton, str], ...] = (
            ("Fines unpaid past their day to pay, &as of", self.on, self.unpaid_button,
             "The clerk's complaint to the court (MGL c.40 §21D): each fine with its dates."),
            ("Enforcement summary for the selectmen, mon&th", self.month, self.month_button,
             "Violations by code, fines and release charges paid, impounds, hearings, bars."),
        )  # fmt: skip
        for row, (caption, field, button, hint) in enumerate(rows):
            title = QLabel(caption, self)
            title.setBuddy(field)
            about = QLabel(hint, self)
            about.setObjectName("ViewHint")
            about.setWordWrap(True)
            grid.addWidget(title, row * 2, 0)
            grid.addWidget(field, row * 2, 1)
            grid.addWidget(button, row * 2, 2)
            grid.addWidget(about, row * 2 + 1, 0, 1, 3)
        grid.setColumnStretch(3, 1)
        self.message = QLabel("", self)
        self.message.setAccessibleName("Enforcement reports message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        outer = QVBoxLayout(self)
        outer.addLayout(grid)
        outer.addWidget(self.message)
        outer.addStretch(1)
        for keys, slot in ((UNPAID_KEYS, self.unpaid), (MONTH_KEYS, self.summary)):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    def _button(self, text: str, name: str, slot: Callable[[], None]) -> QPushButton:
        button = QPushButton(text, self)
        button.setAccessibleName(name)
        button.setAutoDefault(False)
        button.clicked.connect(slot)
        return button

    def first_field(self) -> QWidget:
        return self.on

    def busy(self) -> bool:
        return self.running

    def unpaid(self) -> None:
        date = self.on.date()
        on = dt.date(date.year(), date.month(), date.day())
        database, actor = self.ctx.database, self.ctx.actor
        self._run(f"Listing the fines unpaid as of {us_date(on)}…",
                  lambda: make_unpaid(database, on, actor))  # fmt: skip

    def summary(self) -> None:
        month = str(self.month.currentData())
        database, actor, today = self.ctx.database, self.ctx.actor, self.ctx.clock.today()
        self._run(f"Making the summary for {self.month.currentText()}…",
                  lambda: make_month(database, month, actor, today))  # fmt: skip

    def _run(self, words: str, job: Callable[[], ReportMade]) -> None:
        if self.running:
            return
        self.running = True
        for button in (self.unpaid_button, self.month_button):
            button.setEnabled(False)
        self.say(words)
        self.ctx.tasks.run(job, self._made, self._failed)

    def _stopped(self) -> None:
        self.running = False
        for button in (self.unpaid_button, self.month_button):
            button.setEnabled(True)

    def _made(self, made: ReportMade) -> None:
        self._stopped()
        self.say(f"{made.words} Shown in the preview to print.")
        dialog = PrintPreview(made.job.title, [made.job], self.ctx.dialogs.print_job, self)
        self.preview_dialog = dialog
        # The keyboard comes back to the report's field once the preview closes.
        field = self.month if made.job.title.startswith("Enforcement summary") else self.on
        dialog.finished.connect(lambda _r: self._back(field))
        dialog.open()
        dialog.activateWindow()
        self.made.emit(made)

    def _back(self, field: QWidget) -> None:
        self.window().activateWindow()
        field.setFocus(Qt.FocusReason.OtherFocusReason)

    def _failed(self, exc: Exception) -> None:
        self._stopped()
        if isinstance(exc, ClerkDeskError):
            self.say(f"The report could not be made: {exc}", error=True)
        elif isinstance(exc, OSError):
            self.say(f"The report could not be saved: {exc.strerror or exc}.", error=True)
        else:
            raise exc

    def say(self, text: str, *, error: bool = False) -> None:
        self.message.setStyleSheet("color: #c0392b;" if error else "")
        self.message.setText(text)

"""Print a day's license certificates in one run (the mail-in renewals, after closing)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QDate
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDateEdit,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.db.database import Database
from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date
from clerkdesk.services.document_batches import (
    CertificateBatch,
    certificates_issued_on,
    render_batch,
)
from clerkdesk.ui.printing.jobs import (
    DocumentKind,
    JobPrinter,
    PrintJob,
    documents_dir,
    sent_words,
)
from clerkdesk.ui.printing.preview import PrintPreview

PRINT_KEYS = "Ctrl+P"
PREVIEW_KEYS = "Alt+P"


class Tasks(Protocol):
    def run(
        self,
        fn: Callable[[], Any],
        on_success: Callable[[Any], None],
        on_failure: Callable[[Exception], None] | None = None,
    ) -> None: ...


def _qdate(day: dt.date) -> QDate:
    return QDate(day.year, day.month, day.day)


def write_batch(database: Database, batch: CertificateBatch, folder: Path) -> PrintJob:
    """The batch as one PDF in the documents folder; for the task runner (no widgets)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"certificates-{batch.day.isoformat()}.pdf"
    path.write_bytes(render_batch(database, batch))
    title = f"License certificates issued {us_date(batch.day)}"
    return PrintJob(title, DocumentKind.CERTIFICATE, path)


class BatchPrintDialog(QDialog):
    """A day, how many certificates it issued, then Preview… or Print…."""

    def __init__(
        self,
        database: Database,
        tasks: Tasks,
        today: dt.date,
        print_job: JobPrinter,
        parent: QWidget | None = None,
        *,
        folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.database, self.tasks, self.print_job = database, tasks, print_job
        self.folder = folder or documents_dir()
        self.batch: CertificateBatch | None = None
        self.preview: PrintPreview | None = None
        self.pending = 0
        self.setWindowTitle("Print a day's license certificates")
        self.setAccessibleName("Print a day's license certificates")
        # No window manager draws a title over a dialog at the counter's size: say it here.
        heading = QLabel("Print a day's license certificates", self)
        heading.setObjectName("DialogTitle")
        intro = QLabel(
            "Every license issued on the day, a certificate each, in the order they were "
            "issued: mail-in renewals are printed this way at the end of the day.",
            self,
        )
        intro.setWordWrap(True)
        self.day = QDateEdit(self)
        self.day.setAccessibleName("Day issued")
        for inner in self.day.findChildren(QLineEdit):
            inner.setAccessibleName("Day issued")
        self.day.setDisplayFormat("MM/dd/yyyy")
        self.day.setCalendarPopup(True)
        self.day.setMaximumDate(_qdate(today))
        self.day.setDate(_qdate(today))
        self.day.dateChanged.connect(self.count)
        self.summary = QLabel("Counting…", self)
        self.summary.setAccessibleName("Certificates found")
        self.summary.setWordWrap(True)
        self.message = QLabel("", self)
        self.message.setAccessibleName("Printing message")
        self.message.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Day issued:", self.day)
        form.addRow("", self.summary)
        self.preview_button = QPushButton(f"Preview…  {PREVIEW_KEYS}", self)
        self.preview_button.setAccessibleName("Preview")
        self.preview_button.setAutoDefault(False)
        self.preview_button.clicked.connect(self.show_preview)
        self.print_button = QPushButton(f"Print…  {PRINT_KEYS}", self)
        self.print_button.setAccessibleName("Print")
        self.print_button.setAutoDefault(False)
        self.print_button.clicked.connect(self.print_now)
        close = QPushButton("Close  Esc", self)
        close.setAccessibleName("Close")
        close.setAutoDefault(False)
        close.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.message, 1)
        for button in (self.preview_button, self.print_button, close):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addStretch(1)
        layout.addLayout(buttons)
        for keys, slot in ((PREVIEW_KEYS, self.show_preview), (PRINT_KEYS, self.print_now)):
            QShortcut(QKeySequence(keys), self).activated.connect(slot)
        self.resize(520, 220)
        self.count()

    def chosen_day(self) -> dt.date:
        value = self.day.date()
        return dt.date(value.year(), value.month(), value.day())

    def busy(self) -> bool:
        return self.pending > 0

    # counting ---------------------------------------------------------------------
    def count(self) -> None:
        day, database = self.chosen_day(), self.database
        self.batch = None
        self._enable(False)
        self.summary.setText(f"Counting the certificates of {us_date(day)}…")
        self.pending += 1
        self.tasks.run(lambda: certificates_issued_on(database, day), self._counted, self._failed)

    def _counted(self, batch: CertificateBatch) -> None:
        self.pending -= 1
        if batch.day != self.chosen_day():
            return  # the clerk has moved on to another day; its count is on its way
        self.batch = batch
        if batch.count == 0:
            self.summary.setText(f"No licenses were issued on {us_date(batch.day)}.")
        else:
            plural = "certificate" if batch.count == 1 else "certificates"
            self.summary.setText(f"{batch.count} {plural} issued on {us_date(batch.day)}.")
        self._enable(batch.count > 0)

    def _enable(self, on: bool) -> None:
        self.preview_button.setEnabled(on)
        self.print_button.setEnabled(on)

    # printing ---------------------------------------------------------------------
    def _render(self, then: Callable[[PrintJob], None]) -> None:
        batch, database, folder = self.batch, self.database, self.folder
        if batch is None or batch.count == 0 or self.pending:
            return
        self._enable(False)
        self.message.setText("Preparing the certificates…")
        self.pending += 1

        def done(job: PrintJob) -> None:
            self.pending -= 1
            self.message.setText("")
            self._enable(True)
            then(job)

        self.tasks.run(lambda: write_batch(database, batch, folder), done, self._failed)

    def show_preview(self) -> None:
        self._render(self._open_preview)

    def _open_preview(self, job: PrintJob) -> None:
        self.preview = PrintPreview(job.title, [job], self.print_job, self)
        self.preview.open()
        self.preview.activateWindow()

    def print_now(self) -> None:
        self._render(self._print)

    def _print(self, job: PrintJob) -> None:
        result = self.print_job(self, job)
        if result:
            count = self.batch.count if self.batch else 0
            self.message.setText(sent_words(counted(count, "certificate"), result))
        else:
            self.message.setText(f"Not printed. The PDF is kept: {job.path}")

    def _failed(self, exc: Exception) -> None:
        self.pending -= 1
        if not isinstance(exc, (ValidationError, EnvironmentProblem, OSError)):
            raise exc
        self.message.setText(str(exc))
        self._enable(self.batch is not None and self.batch.count > 0)

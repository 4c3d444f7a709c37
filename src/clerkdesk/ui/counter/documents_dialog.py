"""An owner's documents: their receipts and license certificates, newest first, each with
how often it was reprinted; Enter or Ctrl+P reprints the one chosen."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import PrintedKind
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services.reprints import DocumentEntry, Reprinted, owner_documents
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.counter.reprint_job import Reprinter
from clerkdesk.ui.fields import button_row, line_edit, message_label, say, tell

COLUMNS = ("Document", "Number", "Issued", "By", "Status", "Reprints", "For")
REASON_LENGTH = 200


def moment(value: dt.datetime) -> str:
    """``06/03/2026 2:05 PM`` on the town's clock."""
    value = town_moment(value)
    hour = value.hour % 12 or 12
    return f"{us_date(value.date())} {hour}:{value:%M} {'AM' if value.hour < 12 else 'PM'}"


def reprints_text(entry: DocumentEntry) -> str:
    if not entry.reprints or entry.last_reprinted_at is None:
        return "Never reprinted."
    times = "once" if entry.reprints == 1 else f"{entry.reprints} times"
    return (
        f"Reprinted {times}; last {moment(entry.last_reprinted_at)} by {entry.last_reprinted_by}."
    )


class DocumentsDialog(QDialog):
    def __init__(
        self, ctx: UiContext, owner_id: int, owner_name: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.ctx, self.owner_id = ctx, owner_id
        title = f"Documents — {owner_name}"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setModal(True)
        self.resize(820, 520)
        self.entries: list[DocumentEntry] = []
        self.loading = False
        outer = QVBoxLayout(self)
        heading = QLabel(f"{owner_name}: receipts and license certificates", self)
        heading.setObjectName("DialogTitle")
        heading.setWordWrap(True)
        hint = QLabel(
            "Newest first. Enter or Ctrl+P reprints the one chosen, marked REPRINT with "
            "today's date and your name; every reprint is recorded.",
            self,
        )
        hint.setObjectName("ViewHint")
        hint.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setAccessibleName("The owner's receipts and certificates")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.activated.connect(lambda _index: self.reprint_current())
        self.table.currentCellChanged.connect(lambda *_: self._show_history())
        self.history = QLabel("", self)
        self.history.setAccessibleName("Reprints of the chosen document")
        self.history.setWordWrap(True)
        reason_caption = QLabel("&Reason for the reprint (optional)", self)
        self.reason = line_edit(self, "Reason for the reprint", "e.g. resident lost the original")
        self.reason.setMaxLength(REASON_LENGTH)
        reason_caption.setBuddy(self.reason)
        self.message = message_label(self, "the documents")
        buttons, self.reprint_button, close = button_row(
            self, ("Reprint…  Ctrl+P", "Reprint"), ("Close  Esc", "Close")
        )
        # Enter belongs to the table (reprint the row); the button is clicked, not default.
        self.reprint_button.setDefault(False)
        self.reprint_button.setAutoDefault(False)
        self.reprint_button.clicked.connect(self.reprint_current)
        close.clicked.connect(self.reject)
        for widget in (heading, hint, self.table, self.history, reason_caption, self.reason):
            outer.addWidget(widget, 1 if widget is self.table else 0)
        outer.addWidget(self.message)
        outer.addLayout(buttons)
        shortcut = QShortcut(QKeySequence("Ctrl+P"), self)
        shortcut.activated.connect(self.reprint_current)
        self.reprinter = Reprinter(ctx, self, self._said, self._reprinted)
        self.load()

    # loading ------------------------------------------------------------------------
    def busy(self) -> bool:
        return self.loading or self.reprinter.busy

    def load(self, select: tuple[PrintedKind, int] | None = None) -> None:
        self.loading = True
        database, owner_id = self.ctx.database, self.owner_id
        self.ctx.tasks.run(
            lambda: owner_documents(database, owner_id),
            lambda entries: self._arrived(entries, select),
            self._failed,
        )

    def _arrived(
        self, entries: list[DocumentEntry], select: tuple[PrintedKind, int] | None
    ) -> None:
        self.loading = False
        self.entries = entries
        self.table.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            words = "Receipt" if entry.kind is PrintedKind.RECEIPT else "License certificate"
            cells = (
                words,
                entry.label,
                moment(entry.issued_at),
                entry.issued_by,
                entry.status,
                str(entry.reprints),
                entry.summary,
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 5:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, column, item)
        if not entries:
            say(self.message, "No receipts or certificates are on file for this owner.")
            return
        wanted = 0
        if select is not None:
            wanted = next(
                (i for i, e in enumerate(entries) if (e.kind, e.document_id) == select), 0
            )
        self.table.setCurrentCell(wanted, 0)
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)
        self._show_history()

    def _failed(self, exc: Exception) -> None:
        self.loading = False
        if isinstance(exc, (ValidationError, EnvironmentProblem)):
            say(self.message, str(exc))
        else:
            raise exc

    def _show_history(self) -> None:
        entry = self.current()
        self.history.setText(reprints_text(entry) if entry else "")

    # reprinting -----------------------------------------------------------------------
    def current(self) -> DocumentEntry | None:
        row = self.table.currentRow()
        return self.entries[row] if 0 <= row < len(self.entries) else None

    def reprint_current(self) -> None:
        entry = self.current()
        if entry is None:
            say(self.message, "Choose a receipt or certificate first (arrow keys).")
            return
        self.reprinter.start(entry.kind, entry.document_id, self.reason.text())

    def _said(self, text: str, problem: bool) -> None:
        tell(self.message, text, problem=problem)

    def _reprinted(self, done: Reprinted) -> None:
        self.reason.clear()
        self.load(select=(done.kind, done.document_id))

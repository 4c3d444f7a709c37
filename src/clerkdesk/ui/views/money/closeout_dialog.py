"""Close out the day…: the business day's receipts by tender, the checks and money orders for
the deposit, the cash counted against the cash expected (over or short shown as it is
typed), a note; then the deposit slip in the print preview.

The day's figures are read off the UI thread, and again by the service when it closes the
day: what is written is what the ledger holds at that moment, not what the dialog showed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.reports.money_documents import DaySummary, over_short_words
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.roles import Permission
from clerkdesk.services.closeout import NOTE_LENGTH, CloseoutResult, close_out, day_summary
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import BadInput, money, parse_amount, parse_date, say, tell
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob, documents_dir
from clerkdesk.ui.printing.present import present

ACTION = "Close out the day  Enter"
SLIP = "Deposit slip…  Ctrl+P"
TABLE_HEIGHT = 150


def _table(
    parent: QWidget, name: str, headers: list[str], *, words: tuple[int, ...] = ()
) -> QTableWidget:
    """``words``: the columns of names and numbers that take the room the others leave (a
    payer, a check number); without them every column shares it."""
    table = QTableWidget(0, len(headers), parent)
    table.setAccessibleName(name)
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setTabKeyNavigation(False)
    table.setMaximumHeight(TABLE_HEIGHT)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    if words:
        for column in range(len(headers)):
            if column not in words:
                header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    return table


def _fill(table: QTableWidget, rows: list[list[str]], numbers_from: int) -> None:
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            item = QTableWidgetItem(text)
            item.setToolTip(text)  # a long payer or check number gives way (…)
            if c >= numbers_from:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)


def write_slip(ctx: UiContext, day: dt.date, folder: Path | None = None) -> PrintJob:
    """Render the day's deposit slip (or preliminary sheet) to the documents folder; for
    the task runner (no widgets)."""
    from clerkdesk.reports.deposit_slip import render_deposit_slip
    from clerkdesk.services.closeout import closeout_sheet

    sheet = closeout_sheet(ctx.database, day, printed_by=ctx.actor.name, clock=ctx.clock)
    folder = folder or documents_dir()
    folder.mkdir(parents=True, exist_ok=True)
    kind = "deposit-slip" if sheet.summary.closed else "closeout-preliminary"
    path = folder / f"{kind}-{day.isoformat()}.pdf"
    path.write_bytes(render_deposit_slip(sheet))
    title = "Deposit slip" if sheet.summary.closed else "Close-out sheet (preliminary)"
    return PrintJob(f"{title}, {us_date(day)}", DocumentKind.REPORT, path)


class CloseoutDialog(FormDialog):
    """``saved`` carries the :class:`CloseoutResult`; the deposit slip follows in preview."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, "Close out the day", ACTION, parent)
        self.summary: DaySummary | None = None
        self.loading = False
        self.preview: Any = None
        self.day = QLineEdit(us_date(ctx.clock.today()), self)
        self.add_field("day", "Business &day", self.day, required=True, date=True, short="day")
        self.day.editingFinished.connect(self.load)
        self.facts = QLabel("Reading the day…", self)
        self.facts.setAccessibleName("The day")
        self.facts.setWordWrap(True)
        self._span(self.facts)
        self._span(self._caption("Receipts by tender (voids posted this day reverse theirs)"))
        self.tenders = _table(self, "Receipts by tender", ["Tender", "Receipts", "Taken",
                                                           "Voided", "Net"])  # fmt: skip
        self._span(self.tenders, focus=True)
        self._span(self._caption("Checks and money orders for the deposit"))
        self.papers = _table(
            self,
            "Checks and money orders",
            ["Item", "Number", "Payer", "Receipt", "Amount"],
            words=(1, 2),
        )
        self._span(self.papers, focus=True)
        self.expected = QLabel("", self)
        self.expected.setAccessibleName("Cash expected")
        self.expected.setWordWrap(True)
        self._span(self.expected)
        self.cash = QLineEdit(self)
        self.cash.setPlaceholderText("0.00")
        self.cash.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.add_field("cash", "&Cash counted", self.cash, required=True, short="cash counted")
        self.cash.textChanged.connect(lambda _t: self.show_over_short())
        self.over_short = QLabel("", self)
        self.over_short.setAccessibleName("Over or short")
        self.over_short.setObjectName("CounterNotice")
        self._span(self.over_short)
        self.note = QLineEdit(self)
        self.note.setMaxLength(NOTE_LENGTH)
        self.note.setPlaceholderText("e.g. a quarter short: change given twice")
        self.add_field("note", "&Note", self.note)
        self.slip_button = QPushButton(SLIP, self)
        self.slip_button.setAccessibleName("Deposit slip")
        self.slip_button.setAutoDefault(False)
        self.slip_button.clicked.connect(self.show_slip)
        self._add_slip_button()
        slip_key = QShortcut(QKeySequence("Ctrl+P"), self)
        slip_key.activated.connect(self.show_slip)
        self.saved.connect(self._closed)
        self.finish()
        self.cash.setFocus()
        self.load()

    def _caption(self, text: str) -> QLabel:
        caption = QLabel(text, self)
        caption.setObjectName("SectionCaption")
        caption.setAccessibleName(text)
        return caption

    def _span(self, widget: QWidget, *, focus: bool = False) -> None:
        self.grid.addWidget(widget, self.grid.rowCount(), 0, 1, 3)
        if focus:
            self._order.append(widget)

    def _add_slip_button(self) -> None:
        outer = self.layout()
        assert outer is not None
        last = outer.itemAt(outer.count() - 1)
        assert last is not None
        row = last.layout()
        assert isinstance(row, QHBoxLayout)
        row.insertWidget(1, self.slip_button)

    # reading the day ---------------------------------------------------------------
    def chosen_day(self) -> dt.date | None:
        try:
            return parse_date(self.day.text())
        except BadInput:
            return None

    def load(self) -> None:
        day = self.chosen_day()
        if day is None:
            return
        if self.summary is not None and self.summary.day == day and not self.loading:
            return
        self.loading = True
        self.facts.setText(f"Reading {us_date(day)}…")
        self.refresh_button()
        database = self.ctx.database
        self.ctx.tasks.run(lambda: day_summary(database, day), self._loaded, self._load_failed)

    def _loaded(self, summary: DaySummary) -> None:
        self.loading = False
        if summary.day != self.chosen_day():
            self.load()  # the clerk typed another day meanwhile
            return
        self.summary = summary
        self.facts.setText(self._facts(summary))
        _fill(
            self.tenders,
            [[t.label, str(t.count), money(t.amount), money(t.reversed_amount), money(t.net)]
             for t in summary.tenders],
            1,
        )  # fmt: skip
        _fill(
            self.papers,
            [[d.label, d.reference, d.payer, d.receipt_label, money(d.amount)]
             for d in summary.deposit_items],
            4,
        )  # fmt: skip
        self.expected.setText(
            f"Cash expected: {money(summary.cash_expected)} · checks "
            f"{money(summary.checks_total)} · money orders {money(summary.money_orders_total)}"
            f" · cards {money(summary.cards_total)} (settled by the card processor)"
        )
        record = summary.closeout
        if record is None and self.cash.isReadOnly():
            # From a closed day's figures to an open day: nothing is counted yet.
            self.cash.clear()
            self.note.clear()
        self.cash.setReadOnly(record is not None)
        self.note.setReadOnly(record is not None)
        if record is not None:
            self.cash.setText(f"{record.cash_counted:.2f}")
            self.note.setText(record.note or "")
        self.show_over_short()
        self.refresh_button()

    def _facts(self, summary: DaySummary) -> str:
        text = (
            f"{us_date(summary.day)}: {summary.receipt_count} receipt"
            f"{'s' * (summary.receipt_count != 1)} ({summary.receipt_range}), "
            f"{summary.void_count} void{'s' * (summary.void_count != 1)} posted this day."
        )
        record = summary.closeout
        if record is not None:
            text += (
                f" Closed out by {record.closed_by} on {us_date(record.closed_at.date())} at "
                f"{record.closed_at:%H:%M}; deposit {money(record.deposit_total)}."
            )
            if summary.posts_to is not None:
                text += f" Receipts now post to {us_date(summary.posts_to)}."
        return text

    def _load_failed(self, exc: Exception) -> None:
        self.loading = False
        if isinstance(exc, ValidationError | EnvironmentProblem):
            self.facts.setText(f"The day could not be read: {exc}")
            self.refresh_button()
            return
        raise exc

    # the count ---------------------------------------------------------------------
    def counted(self) -> Decimal | None:
        try:
            return parse_amount(self.cash.text())
        except BadInput:
            return None

    def show_over_short(self) -> None:
        summary, counted = self.summary, self.counted()
        if summary is None or counted is None:
            say(self.over_short, "")
            return
        difference = summary.over_short(counted)
        # Short shows in the error red: the clerk counts again before closing.
        tell(
            self.over_short,
            f"Over / short: {money(difference)} ({over_short_words(difference)}) · deposit "
            f"{money(summary.deposit_total(counted))}",
            problem=difference < 0,
        )

    def refresh_button(self) -> None:
        super().refresh_button()
        if not hasattr(self, "slip_button"):
            return
        closed = self.summary is not None and self.summary.closed
        ready = not self.loading and self.summary is not None and not closed
        allowed = self.ctx.actor.may(Permission.CLOSE_OUT)
        if closed or not allowed:
            words = "Already closed out" if closed else "Closing out needs a clerk"
            self.save_button.setText(words)
            self.save_button.setAccessibleName(words)
        self.save_button.setEnabled((ready and allowed) or self.saving)
        self.slip_button.setEnabled(not self.loading and self.summary is not None)

    def work(self) -> Callable[[], Any]:
        day = self.date("day")
        if self.summary is None or day is None or self.summary.day != day:
            self.load()
            raise BadInput("Wait for the day's figures to be read.", "day")
        try:
            counted = parse_amount(self.cash.text())
        except BadInput as exc:
            raise BadInput(str(exc), "cash") from None
        if counted is None:
            raise BadInput("Type the cash counted in the drawer.", "cash")
        if counted < 0:
            raise BadInput("Cash counted cannot be below 0.00.", "cash")
        note = self.note.text()
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        return lambda: close_out(database, day, counted, note, actor=actor, clock=clock)

    def _failed(self, exc: Exception) -> None:
        if isinstance(exc, ValidationError) and exc.field == "cash_counted":
            exc.field = "cash"
        super()._failed(exc)
        if isinstance(exc, ValidationError):
            self.summary = None
            self.load()  # closed at another workstation meanwhile: show it

    # the slip ----------------------------------------------------------------------
    def _closed(self, result: CloseoutResult) -> None:
        self.ctx.money_events.changed.emit()
        backup = result.backup
        if backup is not None and backup.problem is not None:
            # The day is closed all the same; the office's IT needs to hear of it.
            self.ctx.dialogs.show_error(
                self.parentWidget() or self, "The close-out's backup failed", backup.words
            )
        self._slip_for(result.summary.day, self.parentWidget())

    def show_slip(self) -> None:
        day = self.chosen_day()
        if day is not None and self.slip_button.isEnabled():
            self._slip_for(day, self)

    def _slip_for(self, day: dt.date, parent: QWidget | None) -> None:
        ctx = self.ctx
        ctx.tasks.run(
            lambda: write_slip(ctx, day),
            lambda job: self._present(job, parent),
            lambda exc: self._slip_failed(exc, parent),
        )

    def _present(self, job: PrintJob, parent: QWidget | None) -> None:
        shown = present(parent or self, job.title, [job], self.ctx.dialogs.print_job)
        self.preview = shown.preview

    def _slip_failed(self, exc: Exception, parent: QWidget | None) -> None:
        if isinstance(exc, ValidationError | EnvironmentProblem | OSError):
            self.ctx.dialogs.show_error(
                parent or self, "The deposit slip could not be printed", str(exc)
            )
            return
        raise exc


def open_closeout(ctx: UiContext, parent: QWidget) -> CloseoutDialog:
    """Open the close-out dialog over ``parent`` (not blocking); returned for tests."""
    dialog = CloseoutDialog(ctx, parent)
    dialog.open()
    dialog.activateWindow()
    return dialog

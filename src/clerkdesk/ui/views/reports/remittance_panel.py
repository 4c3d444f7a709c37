"""The remittance to the treasurer in the Reports area: choose a month (or any period),
Preview draws it off the UI thread with progress and Cancel, shows its totals here and its
PDF in the print preview; Save PDF…, Save CSV… and Save XLSX… write the same figures.

"Mark remitted and lock…" (Ctrl+L) records the treasurer's reference for a previewed month
that is over and locks it for good; only a role that may lock a period is offered it.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDateEdit,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ClerkDeskError
from clerkdesk.reports.remittance_data import Remittance
from clerkdesk.rules.periods import check_period, month_bounds, period_words
from clerkdesk.rules.roles import Permission
from clerkdesk.services.periods import LockedPeriod
from clerkdesk.services.progress import Cancelled
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.views.reports.lock_dialog import LockDialog
from clerkdesk.ui.views.reports.remittance_job import (
    Progress,
    RemittanceMade,
    file_stem,
    make_remittance,
    renderer,
)
from clerkdesk.whole_files import write_whole

MONTHS_LISTED = 36
FILTERS = {
    "pdf": "PDF files (*.pdf)",
    "csv": "CSV files (*.csv)",
    "xlsx": "Excel workbooks (*.xlsx)",
}
LOCK_KEYS = "Ctrl+L"
LOCK_TIP = (
    "Preview a month that is over, then mark it remitted with the treasurer's turnover "
    "reference: the month is locked for good."
)


def _money(amount: object) -> str:
    return f"{amount:,.2f}"


def month_choices(today: dt.date, count: int = MONTHS_LISTED) -> list[tuple[str, str]]:
    """(label, YYYY-MM) from this month back, newest first."""
    out = []
    year, month = today.year, today.month
    for _ in range(count):
        first = dt.date(year, month, 1)
        out.append((f"{first:%B} {year}", f"{year}-{month:02d}"))
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)
    return out


class RemittancePanel(QGroupBox):
    made = Signal(object)
    """A ``RemittanceMade`` once a preview is ready (tests and screenshots wait for it)."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__("Remittance to the treasurer (MGL c.140 §147)", parent)
        self.ctx = ctx
        self.setAccessibleName("Remittance to the treasurer")
        self.result: RemittanceMade | None = None
        self.running = False
        self.preview_dialog: PrintPreview | None = None
        self.progress = Progress(self)
        self.progress.moved.connect(self._moved)
        outer = QVBoxLayout(self)
        outer.addLayout(self._period_row())
        outer.addLayout(self._action_row())
        outer.addLayout(self._progress_row())
        self.message = QLabel("", self)
        self.message.setAccessibleName("Remittance message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        outer.addWidget(self.message)
        self.totals = QTableWidget(0, 2, self)
        self.totals.setAccessibleName("Remittance totals")
        self.totals.setHorizontalHeaderLabels(["Figure", "Amount"])
        self.totals.verticalHeader().setVisible(False)
        self.totals.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.totals.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        header = self.totals.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        outer.addWidget(self.totals, 1)
        self._shortcuts()
        self._set_running(False)

    # -- building ------------------------------------------------------------------------
    def _period_row(self) -> QGridLayout:
        grid = QGridLayout()
        self.by_month = QRadioButton("&Month  Alt+M", self)
        self.by_month.setAccessibleName("Report a month")
        self.by_days = QRadioButton("Perio&d from  Alt+D", self)
        self.by_days.setAccessibleName("Report a period from a day to a day")
        group = QButtonGroup(self)
        group.addButton(self.by_month)
        group.addButton(self.by_days)
        self.month = QComboBox(self)
        self.month.setAccessibleName("Month")
        today = self.ctx.clock.today()
        for label, key in month_choices(today):
            self.month.addItem(label, key)
        self.month.setCurrentIndex(1)  # last month: the one usually remitted
        self.first = self._date_edit("First day", today.replace(day=1))
        self.last = self._date_edit("Last day", today)
        to = QLabel("to", self)
        grid.addWidget(self.by_month, 0, 0)
        grid.addWidget(self.month, 0, 1, 1, 3)
        grid.addWidget(self.by_days, 1, 0)
        grid.addWidget(self.first, 1, 1)
        grid.addWidget(to, 1, 2)
        grid.addWidget(self.last, 1, 3)
        grid.setColumnStretch(4, 1)
        self.by_month.setChecked(True)
        self.by_month.toggled.connect(self._period_kind)
        self._period_kind()
        return grid

    def _date_edit(self, name: str, day: dt.date) -> QDateEdit:
        edit = QDateEdit(QDate(day.year, day.month, day.day), self)
        edit.setAccessibleName(name)
        edit.setDisplayFormat("MM/dd/yyyy")
        edit.setCalendarPopup(True)
        return edit

    def _button(self, text: str, name: str, slot: object) -> QPushButton:
        button = QPushButton(text, self)
        button.setAccessibleName(name)
        button.setAutoDefault(False)
        button.clicked.connect(slot)
        return button

    def _action_row(self) -> QVBoxLayout:
        # Two rows: making and locking the report, then keeping copies; one row of seven
        # buttons would not fit a 1280-pixel screen beside the rail.
        rows = QVBoxLayout()
        row, saves = QHBoxLayout(), QHBoxLayout()
        self.preview_button = self._button("Preview  Ctrl+Enter", "Preview", self.preview)
        self.view_pdf_button = self._button("&View PDF…  Alt+V", "View PDF", self.view_pdf)
        self.save_buttons = {
            "pdf": self._button("Save &PDF…  Alt+P", "Save PDF", lambda: self.save("pdf")),
            "csv": self._button("Save &CSV…  Alt+C", "Save CSV", lambda: self.save("csv")),
            "xlsx": self._button("Save &XLSX…  Alt+X", "Save XLSX", lambda: self.save("xlsx")),
        }
        self.lock_button = self._button(
            f"Mark remitted and lock…  {LOCK_KEYS}", "Mark remitted and lock", self.lock
        )
        self.lock_button.setShortcut(QKeySequence(LOCK_KEYS))
        # Only a role that may lock sees the action (the service checks again).
        self.lock_button.setVisible(self.ctx.actor.may(Permission.LOCK_PERIOD))
        self.lock_button.setToolTip(LOCK_TIP)
        self.lock_button.setAccessibleDescription(LOCK_TIP)
        row.addWidget(self.preview_button)
        row.addWidget(self.view_pdf_button)
        row.addStretch(1)
        row.addWidget(self.lock_button)
        for button in self.save_buttons.values():
            saves.addWidget(button)
        saves.addStretch(1)
        rows.addLayout(row)
        rows.addLayout(saves)
        return rows

    def _progress_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.bar = QProgressBar(self)
        self.bar.setAccessibleName("Remittance progress")
        self.bar.setRange(0, 1)
        self.step_label = QLabel("", self)
        self.step_label.setAccessibleName("Remittance step")
        self.cancel_button = self._button("Cancel  Esc", "Cancel the remittance", self.cancel)
        row.addWidget(self.bar, 1)
        row.addWidget(self.step_label, 1)
        row.addWidget(self.cancel_button)
        return row

    def _shortcuts(self) -> None:
        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(self.preview)
        escape = QShortcut(QKeySequence("Esc"), self)
        escape.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        escape.activated.connect(self.cancel)

    def first_field(self) -> QWidget:
        return self.month if self.by_month.isChecked() else self.first

    # -- state ---------------------------------------------------------------------------
    def _period_kind(self) -> None:
        monthly = self.by_month.isChecked()
        self.month.setEnabled(monthly)
        self.first.setEnabled(not monthly)
        self.last.setEnabled(not monthly)

    def _set_running(self, running: bool) -> None:
        self.running = running
        self.preview_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        ready = not running and self.result is not None
        self.view_pdf_button.setEnabled(ready)
        for button in self.save_buttons.values():
            button.setEnabled(ready)
        self.lock_button.setEnabled(self._lockable() is not None and not running)
        self.bar.setTextVisible(running)
        # Idle, an empty bar reads as an empty field: it shows only while a report is made.
        self.bar.setVisible(running)
        if not running:
            self.bar.setRange(0, 1)
            self.bar.setValue(0)
            self.step_label.setText("")

    def _lockable(self) -> str | None:
        """The previewed month, if it is a whole month that is over and not locked yet."""
        if self.result is None:
            return None
        r = self.result.remittance
        whole = r.first_day.day == 1 and r.last_day == month_bounds(f"{r.first_day:%Y-%m}")[1]
        if not whole or r.turnover or r.last_day >= self.ctx.clock.today():
            return None
        return f"{r.first_day:%Y-%m}"

    def lock(self) -> None:
        month = self._lockable()
        if month is None or self.running or not self.ctx.actor.may(Permission.LOCK_PERIOD):
            return
        assert self.result is not None
        r = self.result.remittance
        self.lock_dialog = LockDialog(self.ctx, month, r.period_label, _money(r.due), self)
        self.lock_dialog.saved.connect(self._locked)
        self.lock_dialog.open()
        self.lock_dialog.activateWindow()

    def _locked(self, locked: LockedPeriod) -> None:
        self.say(
            f"{locked.month} is remitted (reference {locked.reference}) and locked: nothing "
            "can be posted, voided or back-dated into it."
        )
        self.preview()

    def period(self) -> tuple[dt.date, dt.date]:
        if self.by_month.isChecked():
            return month_bounds(str(self.month.currentData()))
        first, last = self.first.date(), self.last.date()
        return check_period(
            dt.date(first.year(), first.month(), first.day()),
            dt.date(last.year(), last.month(), last.day()),
        )

    def say(self, text: str, *, error: bool = False) -> None:
        self.message.setObjectName("FieldError" if error else "")
        self.message.setStyleSheet("color: #c0392b;" if error else "")
        self.message.setText(text)

    # -- preview -------------------------------------------------------------------------
    def preview(self) -> None:
        if self.running:
            return
        try:
            first, last = self.period()
        except ClerkDeskError as exc:
            self.say(str(exc)[:1].upper() + str(exc)[1:] + ".", error=True)
            return
        self.result = None
        self.totals.setRowCount(0)
        self.progress.reset()
        self._set_running(True)
        self.say(f"Making the remittance for {period_words(first, last)}…")
        ctx, progress = self.ctx, self.progress
        self.ctx.tasks.run(
            lambda: make_remittance(
                ctx.database, first, last, actor=ctx.actor, clock=ctx.clock, progress=progress
            ),
            self._made,
            self._failed,
        )

    def cancel(self) -> None:
        if self.running:
            self.progress.cancel()
            self.step_label.setText("Cancelling…")

    def _moved(self, done: int, total: int, words: str) -> None:
        if not self.running:
            return
        self.bar.setRange(0, total)
        self.bar.setValue(done)
        self.step_label.setText(words)

    def _made(self, made: RemittanceMade) -> None:
        self.result = made
        self._set_running(False)
        self._show(made.remittance)
        self.made.emit(made)

    def _failed(self, exc: Exception) -> None:
        self._set_running(False)
        if isinstance(exc, Cancelled):
            self.say("Cancelled: no remittance was made.")
        elif isinstance(exc, ClerkDeskError):
            self.say(f"The remittance could not be made: {exc}", error=True)
        else:
            raise exc

    def _show(self, r: Remittance) -> None:
        rows: list[tuple[str, str, bool]] = [
            (f"Gross receipts ({r.receipt_count:,})", _money(r.gross), False),
            (f"Less voids posted in the period ({len(r.voids):,})", _money(-r.voided), False),
            ("Net receipts", _money(r.net), True),
        ]
        if r.retention is not None:
            t = r.retention
            rows.append(
                (
                    f"Less the clerk's retention ({_money(t.per_license)} × {t.licenses:,} "
                    "licenses)",
                    _money(-t.amount),
                    False,
                )
            )
        rows.append(("Net due to the treasurer", _money(r.due), True))
        rows += [(f"Revenue account: {m.label}", _money(m.net), False) for m in r.accounts]
        rows += [(f"Tender: {m.label} ({m.count:,})", _money(m.net), False) for m in r.tenders]
        self.totals.setRowCount(len(rows))
        for i, (label, amount, bold) in enumerate(rows):
            left, right = QTableWidgetItem(label), QTableWidgetItem(amount)
            right.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if bold:
                font = left.font()
                font.setBold(True)
                left.setFont(font)
                right.setFont(font)
            self.totals.setItem(i, 0, left)
            self.totals.setItem(i, 1, right)
        words = [
            f"Remittance for {r.period_label}: net due to the treasurer {_money(r.due)}. "
            "View PDF… (Alt+V) shows it to print; Save PDF, CSV or XLSX… keeps a copy."
        ]
        if r.unexplained:
            gaps = ", ".join(g.label for g in r.unexplained[:5])
            words.append(
                f"Receipt numbers missing from the ledger: {gaps}"
                f"{' and more' if len(r.unexplained) > 5 else ''} — see the PDF."
            )
        if r.turnover:
            words.append(
                "Remitted: " + "; ".join(f"{t.month} reference {t.reference}" for t in r.turnover)
            )
        self.say(" ".join(words), error=bool(r.unexplained))

    # -- the PDF and the files -----------------------------------------------------------
    def view_pdf(self) -> None:
        if self.result is None:
            return
        dialog = PrintPreview(
            self.result.job.title, [self.result.job], self.ctx.dialogs.print_job, self
        )
        self.preview_dialog = dialog
        dialog.open()
        dialog.activateWindow()

    def save(self, kind: str) -> None:
        if self.result is None or self.running:
            return
        made = self.result.remittance
        suggested = Path.home() / f"{file_stem(made)}.{kind}"
        path = self.ctx.dialogs.choose_save_path(
            self, f"Save the remittance as {kind.upper()}", suggested, FILTERS[kind]
        )
        if path is None:
            return
        if path.suffix.lower() != f".{kind}":
            path = path.with_name(path.name + f".{kind}")
        render = renderer(kind)
        self.ctx.tasks.run(
            lambda: write_whole(path, render(made)),
            lambda written: self.say(f"Saved the remittance for {made.period_label} to {written}."),
            self._save_failed,
        )

    def _save_failed(self, exc: Exception) -> None:
        if isinstance(exc, OSError):
            self.say(f"Could not save: {exc.strerror or exc}.", error=True)
        elif isinstance(exc, ClerkDeskError):
            self.say(f"Could not save: {exc}", error=True)
        else:
            raise exc

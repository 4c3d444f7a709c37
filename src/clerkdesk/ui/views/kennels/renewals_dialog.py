"""Year-end renewals…: the kennels licensed last year and not yet for the next, each ready or
refused with its reasons. The clerk ticks the ready ones (Space, or Ctrl+A for all), gives
each one tender (a check and its number, say), and Renew runs the batch off the UI thread
with progress: one receipt per kennel, a refusal never stopping the others. The table then
says what became of each kennel.
"""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass
from decimal import Decimal

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ClerkDeskError, EnvironmentProblem
from clerkdesk.rules.counts import counted
from clerkdesk.rules.kinds import TenderKind
from clerkdesk.services.kennel_licensing import (
    KennelBatchResult,
    KennelDue,
    KennelRenewal,
    kennels_due,
    renew_kennels,
)
from clerkdesk.services.payments import KIND_WORDS, REFERENCE_WORDS, TenderInput
from clerkdesk.services.progress import Cancelled
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import button_row, message_label, money, say, tell

COLUMNS = ("Renew", "Kennel", "Keeper", "Amount", "Tender", "Ready, or why not")
WIDTHS = (72, 200, 170, 80, 160)
TICK, AMOUNT, TENDER, STATE = 0, 3, 4, 5
RED, GREEN = "#a61b1b", "#1f6b2a"
TENDERS = (TenderKind.CHECK, TenderKind.CASH, TenderKind.MONEY_ORDER, TenderKind.CARD)
RENEW_KEYS = "Ctrl+Return"
ALL_KEYS = "Ctrl+A"


@dataclass
class _Tender:
    kind: TenderKind = TenderKind.CHECK
    reference: str = ""

    def words(self) -> str:
        number = f" {self.reference}" if self.reference else ""
        return f"{KIND_WORDS[self.kind]}{number}"


class _Progress(QObject):
    """Said from the worker thread, heard on the main thread; Cancel stops between kennels."""

    moved = Signal(int, int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.stop = threading.Event()

    def step(self, done: int, total: int, words: str) -> None:
        if self.stop.is_set():
            raise Cancelled("Stopped: the kennels not yet renewed were left as they were.")
        self.moved.emit(done, total, words)


class RenewalsDialog(QDialog):
    """``renewed`` is emitted after a batch that renewed at least one kennel."""

    renewed = Signal(object)

    def __init__(
        self, ctx: UiContext, license_year: int, year_label: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.license_year = license_year
        self.year_label = year_label
        self.due: tuple[KennelDue, ...] = ()
        self.tenders: dict[int, _Tender] = {}
        self.ticked: set[int] = set()
        self.outcome: KennelBatchResult | None = None
        self._asked: tuple[KennelRenewal, ...] = ()
        # Kennels this dialog has renewed or seen refused: said in the table, not ticked again.
        self.settled: set[int] = set()
        self.running = False
        self._loading = 0
        title = f"Year-end kennel renewals — {year_label}"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setModal(True)
        self.setMinimumWidth(980)
        outer = QVBoxLayout(self)
        heading = QLabel(title, self)
        heading.setObjectName("DialogTitle")
        outer.addWidget(heading)
        hint = QLabel(
            f"Kennels licensed last year and not yet for {year_label}. Tick the ready ones "
            f"(Space; {ALL_KEYS} ticks every ready one), give each its tender and check "
            "number below, then Renew. Each kennel gets its own receipt; a refusal never "
            "stops the others.",
            self,
        )
        hint.setObjectName("ViewHint")
        hint.setWordWrap(True)
        outer.addWidget(hint)
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setAccessibleName("Kennels due")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.setWordWrap(True)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate(WIDTHS):
            self.table.setColumnWidth(column, width)
        self.table.setMinimumHeight(260)
        self.table.currentCellChanged.connect(lambda *_a: self._show_tender())
        self.table.cellChanged.connect(self._cell_changed)
        outer.addWidget(self.table, 1)
        tender_row = QHBoxLayout()
        self.tender_caption = QLabel("&Tender:", self)
        self.kind = QComboBox(self)
        self.kind.setAccessibleName("Tender for the chosen kennel")
        for kind in TENDERS:
            self.kind.addItem(KIND_WORDS[kind], kind.value)
        self.tender_caption.setBuddy(self.kind)
        number_caption = QLabel("&Number:", self)
        self.number = QLineEdit(self)
        self.number.setAccessibleName("Check or reference number for the chosen kennel")
        self.number.setMaxLength(40)
        number_caption.setBuddy(self.number)
        self.kind.currentIndexChanged.connect(lambda _i: self._tender_edited())
        self.number.textEdited.connect(lambda _t: self._tender_edited())
        tender_row.addWidget(self.tender_caption)
        tender_row.addWidget(self.kind)
        tender_row.addWidget(number_caption)
        tender_row.addWidget(self.number, 1)
        outer.addLayout(tender_row)
        self.progress = QProgressBar(self)
        self.progress.setAccessibleName("Renewal progress")
        self.progress.setVisible(False)
        outer.addWidget(self.progress)
        self.message = message_label(self, "the renewals")
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        outer.addWidget(self.message)
        buttons, self.renew, self.close_button = button_row(
            self, ("Renew  Ctrl+Enter", "Renew"), ("Close  Esc", "Close")
        )
        self.renew.setDefault(False)
        self.renew.setAutoDefault(False)
        self.renew.clicked.connect(self.run)
        self.close_button.clicked.connect(self._close_or_stop)
        outer.addLayout(buttons)
        for keys, slot in ((RENEW_KEYS, self.run), ("Ctrl+Enter", self.run),
                           (ALL_KEYS, self.tick_all)):  # fmt: skip
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)
        space = QShortcut(QKeySequence(Qt.Key.Key_Space), self.table)
        space.setContext(Qt.ShortcutContext.WidgetShortcut)
        space.activated.connect(self.toggle_current)
        self.signals = _Progress(self)
        self.signals.moved.connect(self._moved)
        for first, second in itertools.pairwise(
            (self.table, self.kind, self.number, self.renew, self.close_button)
        ):
            QWidget.setTabOrder(first, second)
        self.resize(1040, 640)
        self.load()

    # reading ------------------------------------------------------------------------
    def busy(self) -> bool:
        return self._loading > 0 or self.running

    def load(self) -> None:
        database, today, year = self.ctx.database, self.ctx.clock.today(), self.license_year
        self._loading += 1
        self.renew.setEnabled(False)
        self.ctx.tasks.run(
            lambda: kennels_due(database, license_year=year, on=today), self._loaded, self._failed
        )

    def _loaded(self, due: list[KennelDue]) -> None:
        self._loading -= 1
        self.due = tuple(due)
        self.ticked &= {d.kennel_id for d in due if d.ready}
        for row in due:
            self.tenders.setdefault(row.kennel_id, _Tender())
        self._fill()
        self.table.setFocus()
        if self.table.rowCount():
            self.table.setCurrentCell(0, 0)
        ready = sum(1 for d in due if d.ready)
        if not due:
            tell(self.message, f"No kennel is due for {self.year_label}.", problem=False)
        elif self.outcome is None:
            tell(
                self.message,
                f"{counted(len(due), 'kennel')} due, {ready} ready to renew.",
                problem=False,
            )
        self._refresh_button()

    def _failed(self, exc: Exception) -> None:
        self._loading -= 1
        self.running = False
        self.progress.setVisible(False)
        self.close_button.setText("Close  Esc")
        if isinstance(exc, Cancelled):
            tell(self.message, str(exc), problem=True)
            self.load()  # what is still due now
            return
        if isinstance(exc, ClerkDeskError) and not isinstance(exc, EnvironmentProblem):
            tell(self.message, str(exc), problem=True)
            return
        if isinstance(exc, EnvironmentProblem):
            self.ctx.dialogs.show_error(self, "Kennel renewals", str(exc))
            return
        raise exc

    # the table ----------------------------------------------------------------------
    def _fill(self) -> None:
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.due))
        for number, due in enumerate(self.due):
            tick = QTableWidgetItem("")
            if due.ready:
                tick.setFlags(
                    Qt.ItemFlag.ItemIsEnabled
                    | Qt.ItemFlag.ItemIsSelectable
                    | Qt.ItemFlag.ItemIsUserCheckable
                )
                ticked = due.kennel_id in self.ticked
                tick.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
                tick.setData(
                    Qt.ItemDataRole.AccessibleTextRole, "ticked" if ticked else "not ticked"
                )
            else:
                tick.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                tick.setText("—")
            self.table.setItem(number, TICK, tick)
            amount = "" if due.amount is None else money(due.amount)
            state = "ready" if due.ready else "; ".join(due.reasons)
            for column, text in (
                (1, due.name),
                (2, due.keeper_name),
                (AMOUNT, amount),
                (TENDER, self.tenders[due.kennel_id].words() if due.ready else ""),
                (STATE, state),
            ):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                if column == AMOUNT:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if column == STATE:
                    item.setForeground(QBrush(QColor(GREEN if due.ready else RED)))
                self.table.setItem(number, column, item)
        self.table.resizeRowsToContents()
        self.table.blockSignals(False)

    def _item(self, row: int, column: int) -> QTableWidgetItem:
        item = self.table.item(row, column)
        assert item is not None  # every cell is filled by _fill
        return item

    def current(self) -> KennelDue | None:
        row = self.table.currentRow()
        return self.due[row] if 0 <= row < len(self.due) else None

    def toggle_current(self) -> None:
        due = self.current()
        if due is None or not due.ready or self.running or due.kennel_id in self.settled:
            return
        self._set_ticked(due.kennel_id, due.kennel_id not in self.ticked)

    def tick_all(self) -> None:
        if self.running:
            return
        for due in self.due:
            if due.ready and due.kennel_id not in self.settled:
                self.ticked.add(due.kennel_id)
        self._fill()
        self._refresh_button()

    def _set_ticked(self, kennel_id: int, ticked: bool) -> None:
        (self.ticked.add if ticked else self.ticked.discard)(kennel_id)
        row = next(n for n, d in enumerate(self.due) if d.kennel_id == kennel_id)
        item = self._item(row, TICK)
        self.table.blockSignals(True)
        item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
        item.setData(Qt.ItemDataRole.AccessibleTextRole, "ticked" if ticked else "not ticked")
        self.table.blockSignals(False)
        self._refresh_button()

    def _cell_changed(self, row: int, column: int) -> None:
        """A tick by the mouse."""
        if column != TICK or not 0 <= row < len(self.due):
            return
        item = self._item(row, TICK)
        self._set_ticked(self.due[row].kennel_id, item.checkState() == Qt.CheckState.Checked)

    # the tender of the chosen kennel ---------------------------------------------------
    def _show_tender(self) -> None:
        due = self.current()
        usable = (
            due is not None and due.ready and not self.running and due.kennel_id not in self.settled
        )
        self.kind.setEnabled(usable)
        self.number.setEnabled(usable)
        if due is None:
            return
        self.tender_caption.setText(f"&Tender for {due.name}:")
        tender = self.tenders[due.kennel_id]
        self.kind.blockSignals(True)
        self.kind.setCurrentIndex(self.kind.findData(tender.kind.value))
        self.kind.blockSignals(False)
        self.number.setText(tender.reference)

    def _tender_edited(self) -> None:
        due = self.current()
        if due is None or not due.ready:
            return
        tender = self.tenders[due.kennel_id]
        tender.kind = TenderKind(self.kind.currentData())
        tender.reference = self.number.text().strip()
        item = self._item(self.table.currentRow(), TENDER)
        item.setText(tender.words())
        item.setToolTip(tender.words())
        self._refresh_button()

    def missing_numbers(self) -> list[str]:
        """The ticked kennels whose tender needs a number and has none."""
        names = []
        for due in self.due:
            tender = self.tenders[due.kennel_id]
            needs = due.kennel_id in self.ticked and tender.kind in REFERENCE_WORDS
            if needs and not tender.reference:
                names.append(due.name)
        return names

    def _refresh_button(self) -> None:
        if self.running:
            self.renew.setText("Renewing…")
            self.renew.setEnabled(False)
            return
        count = len(self.ticked)
        missing = self.missing_numbers()
        if not count:
            text = "Renew — tick the kennels to renew (Space)"
        elif missing:
            text = f"Renew — needs a number for {missing[0]}" + (
                f" and {len(missing) - 1} more" if len(missing) > 1 else ""
            )
        else:
            text = f"Renew {count} kennel{'s' if count != 1 else ''}  Ctrl+Enter"
        self.renew.setText(text)
        self.renew.setAccessibleName(text)
        self.renew.setEnabled(True)

    # renewing -----------------------------------------------------------------------
    def renewals(self) -> tuple[KennelRenewal, ...]:
        chosen = []
        for due in self.due:
            if due.kennel_id not in self.ticked:
                continue
            tender = self.tenders[due.kennel_id]
            # A check or card pays what is due (None); cash is handed over to the cent.
            offered = (due.amount or Decimal("0.00")) if tender.kind is TenderKind.CASH else None
            chosen.append(
                KennelRenewal(
                    due.kennel_id, TenderInput(tender.kind, offered, tender.reference or None)
                )
            )
        return tuple(chosen)

    def run(self) -> None:
        if self.running or self._loading:
            return
        if not self.ticked:
            tell(self.message, "Tick the kennels to renew first (Space on a row).", problem=True)
            self.table.setFocus()
            return
        missing = self.missing_numbers()
        if missing:
            tell(
                self.message,
                "Give the check or reference number for: " + ", ".join(missing) + ".",
                problem=True,
            )
            self.number.setFocus()
            return
        renewals = self._asked = self.renewals()
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        year, step = self.license_year, self.signals.step
        self.signals.stop.clear()
        self.running = True
        self._refresh_button()
        self._show_tender()
        self.progress.setRange(0, len(renewals))
        self.progress.setValue(0)
        self.progress.setFormat(f"%v of {len(renewals)}")
        self.progress.setVisible(True)
        self.close_button.setText("Stop  Esc")
        self.close_button.setAccessibleName("Stop")
        say(self.message, f"Renewing {counted(len(renewals), 'kennel')}…")
        self._loading += 1
        self.ctx.tasks.run(
            lambda: renew_kennels(
                database, renewals, license_year=year, actor=actor, clock=clock, step=step
            ),
            self._done,
            self._failed,
        )

    def _moved(self, done: int, total: int, words: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        self.progress.setFormat(f"%v of {total}")
        if words:
            say(self.message, words)

    def _done(self, result: KennelBatchResult) -> None:
        self._loading -= 1
        self.running = False
        self.outcome = result
        self.progress.setVisible(False)
        self.close_button.setText("Close  Esc")
        self.close_button.setAccessibleName("Close")
        self.ticked.clear()
        self._show_result(result)
        if result.renewed:
            self.ctx.money_events.changed.emit()
            self.renewed.emit(result)
        self._refresh_button()

    def _show_result(self, result: KennelBatchResult) -> None:
        """Each kennel of the batch says what became of it, in the table and in a line."""
        by_id = {due.kennel_id: row for row, due in enumerate(self.due)}
        self.table.blockSignals(True)
        for kennel_id, sale in zip(self._renewed_ids(result), result.renewed, strict=False):
            row = by_id.get(kennel_id)
            if row is not None:
                said = f"renewed: license {sale.license_label}, receipt {sale.receipt_label}"
                self._state(row, said, GREEN)
        for kennel_id, _name, reason in result.refused:
            row = by_id.get(kennel_id)
            if row is not None:
                self._state(row, f"refused: {reason}", RED)
        self.table.resizeRowsToContents()
        self.table.blockSignals(False)
        lines = [f"Renewed {counted(len(result.renewed), 'kennel')}."]
        if result.refused:
            lines.append(f"Refused {len(result.refused)}:")
            lines += [f"• {name}: {reason}" for _id, name, reason in result.refused]
        tell(self.message, "\n".join(lines), problem=bool(result.refused))

    def _renewed_ids(self, result: KennelBatchResult) -> list[int]:
        """The kennel of each sale: the batch renews in the order asked, leaving out the
        refused ones."""
        refused = {kennel_id for kennel_id, _n, _r in result.refused}
        return [r.kennel_id for r in self._asked if r.kennel_id not in refused]

    def _state(self, row: int, text: str, colour: str) -> None:
        self.settled.add(self.due[row].kennel_id)
        tick = self._item(row, TICK)
        tick.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        tick.setData(Qt.ItemDataRole.CheckStateRole, None)
        tick.setText("✓" if colour == GREEN else "✗")
        item = self._item(row, STATE)
        item.setText(text)
        item.setToolTip(text)
        item.setForeground(QBrush(QColor(colour)))

    def _close_or_stop(self) -> None:
        if self.running:
            self.signals.stop.set()
            say(self.message, "Stopping after the kennel being renewed…")
            return
        self.reject()

    def reject(self) -> None:
        # Esc while the batch runs stops it; the dialog stays to say what was done.
        if self.running:
            self._close_or_stop()
            return
        super().reject()

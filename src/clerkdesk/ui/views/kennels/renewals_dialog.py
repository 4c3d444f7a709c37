"""Year-end renewals…: the kennels licensed last year and not yet for the next, each ready or
refused with its reasons. The clerk ticks the ready ones (Space, or Ctrl+A for all), gives
each one tender (a check and its number, say), and Renew runs the batch off the UI thread
with progress: one receipt per kennel, a refusal never stopping the others. The table then
says what became of each kennel, and the renewed kennels' certificates and receipts are
written and shown as the workstation shows documents (``BatchPapers``).
"""

from __future__ import annotations

import itertools

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
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
from clerkdesk.services.payments import KIND_WORDS
from clerkdesk.services.progress import Cancelled
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import button_row, message_label, say, tell
from clerkdesk.ui.views.kennels.batch_papers import BatchPapers
from clerkdesk.ui.views.kennels.renewal_batch import (
    TENDERS,
    ChosenTender,
    Progress,
    free,
    needs_number,
    renewals,
    tender_words,
)
from clerkdesk.ui.views.kennels.renewals_table import TICK, DueTable

RENEW_KEYS = "Ctrl+Return"
ALL_KEYS = "Ctrl+A"


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
        self.tenders: dict[int, ChosenTender] = {}
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
        self.table = DueTable(self)
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
        self.signals = Progress(self)
        self.signals.moved.connect(self._moved)
        self.papers = BatchPapers(ctx, self, self._papers_said)
        self.papers_line = message_label(self, "the renewed kennels' papers")
        outer.insertWidget(outer.indexOf(self.message) + 1, self.papers_line)
        for first, second in itertools.pairwise(
            (self.table, self.kind, self.number, self.renew, self.close_button)
        ):
            QWidget.setTabOrder(first, second)
        self.resize(1040, 640)
        self.load()

    # reading ------------------------------------------------------------------------
    def busy(self) -> bool:
        return self._loading > 0 or self.running or self.papers.busy

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
            self.tenders.setdefault(row.kennel_id, ChosenTender())
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
        self.table.fill(self.due, self.ticked, lambda d: tender_words(d, self.tenders))

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
        self.table.show_tick(row, ticked)
        self._refresh_button()

    def _cell_changed(self, row: int, column: int) -> None:
        """A tick by the mouse."""
        if column == TICK and 0 <= row < len(self.due):
            self._set_ticked(self.due[row].kennel_id, self.table.ticked_at(row))

    # the tender of the chosen kennel ---------------------------------------------------
    def _show_tender(self) -> None:
        due = self.current()
        usable = (
            due is not None
            and due.ready
            and not free(due)
            and not self.running
            and due.kennel_id not in self.settled
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
        if due is None or not due.ready or free(due):
            return
        tender = self.tenders[due.kennel_id]
        tender.kind = TenderKind(self.kind.currentData())
        tender.reference = self.number.text().strip()
        self.table.show_tender(self.table.currentRow(), tender.words())
        self._refresh_button()

    def missing_numbers(self) -> list[str]:
        """The ticked kennels whose tender needs a number and has none."""
        return [
            d.name for d in self.due if d.kennel_id in self.ticked and needs_number(d, self.tenders)
        ]

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
        asked = self._asked = renewals(self.due, self.ticked, self.tenders)
        database, actor, clock = self.ctx.database, self.ctx.actor, self.ctx.clock
        year, step = self.license_year, self.signals.step
        self.signals.stop.clear()
        self.running = True
        self._refresh_button()
        self._show_tender()
        self.progress.setRange(0, len(asked))
        self.progress.setValue(0)
        self.progress.setFormat(f"%v of {len(asked)}")
        self.progress.setVisible(True)
        self.close_button.setText("Stop  Esc")
        self.close_button.setAccessibleName("Stop")
        say(self.message, f"Renewing {counted(len(asked), 'kennel')}…")
        self._loading += 1
        self.ctx.tasks.run(
            lambda: renew_kennels(
                database, asked, license_year=year, actor=actor, clock=clock, step=step
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
        self._show_result(result)
        # Those the batch did not reach (it was stopped) stay ticked for another run.
        self.ticked -= self.settled
        if result.renewed:
            self.ctx.money_events.changed.emit()
            self.renewed.emit(result)
            # The paper each renewed kennel is owed: its certificate and its receipt.
            self.papers.start(result)
        self._refresh_button()

    def _papers_said(self, text: str, problem: bool) -> None:
        tell(self.papers_line, text, problem=problem)

    def _show_result(self, result: KennelBatchResult) -> None:
        """Each kennel of the batch says what became of it, in the table and in a line."""
        by_id = {due.kennel_id: row for row, due in enumerate(self.due)}
        for kennel_id, sale in zip(self._renewed_ids(result), result.renewed, strict=False):
            if (row := by_id.get(kennel_id)) is not None:
                said = f"renewed: license {sale.license_label}, receipt {sale.receipt_label}"
                self._settle(row, said, renewed=True)
        for kennel_id, _name, reason in result.refused:
            if (row := by_id.get(kennel_id)) is not None:
                self._settle(row, f"refused: {reason}", renewed=False)
        lines = [f"Renewed {counted(len(result.renewed), 'kennel')}."]
        if result.cancelled:
            left = len(self._asked) - len(result.renewed) - len(result.refused)
            lines[0] = f"Stopped: {lines[0]} Not reached, still ticked: {counted(left, 'kennel')}."
        if result.refused:
            lines.append(f"Refused {len(result.refused)}:")
            lines += [f"• {name}: {reason}" for _id, name, reason in result.refused]
        problem = bool(result.refused) or result.cancelled
        tell(self.message, "\n".join(lines), problem=problem)

    def _renewed_ids(self, result: KennelBatchResult) -> list[int]:
        """The kennel of each sale: the batch renews in the order asked, leaving out the
        refused ones."""
        refused = {kennel_id for kennel_id, _n, _r in result.refused}
        return [r.kennel_id for r in self._asked if r.kennel_id not in refused]

    def _settle(self, row: int, text: str, *, renewed: bool) -> None:
        self.settled.add(self.due[row].kennel_id)
        self.table.show_outcome(row, text, renewed=renewed)

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

"""File → Import rabies list…: a clinic's list matched to the dogs on file, each row with
the dog it names, the reason and how sure the match is; the clerk ticks the matches to
accept (the exact ones come ticked) and Enter records them as rabies certificates. Rows
already on file, unmatched or refused are listed with why. Reading, matching and recording
run off the UI thread with progress and Cancel."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QTableWidgetItem, QWidget

from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date
from clerkdesk.services.importing.rabies_lists import (
    Accepted,
    Outcome,
    RabiesProposal,
    RabiesProposals,
    accept_certificates,
    propose_certificates,
    read_rabies_list,
)
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.importing.open_file_field import OpenFileField
from clerkdesk.ui.importing.rows_table import rows_table
from clerkdesk.ui.views.yearend.job_dialog import JobDialog

TITLE = "Import a rabies list"
COLUMNS = ("Accept", "Row", "Match", "Dog on file", "Why", "On the list", "Given", "Expires")
STRETCHED = 4  # the reason takes the room left


def outcome_words(proposal: RabiesProposal) -> str:
    if proposal.confidence is None or proposal.outcome is not Outcome.MATCHED:
        return proposal.outcome.value
    return proposal.confidence.words


def _day(value: dt.date | None) -> str:
    return us_date(value) if value is not None else "—"


class RabiesListDialog(JobDialog):
    matched = Signal(object)
    """The ``RabiesProposals`` once shown (tests wait for it)."""
    recorded = Signal(object)
    """The ``Accepted`` once the ticked rows are recorded."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, TITLE, parent)
        self.setMinimumWidth(1120)
        self.found: RabiesProposals | None = None
        self.file = OpenFileField("List file", "Choose…  Alt+O", ctx.dialogs, self)
        self.file.choose.setShortcut(QKeySequence("Alt+O"))
        self.add_row("file", "&List file *", self.file)
        self.add_summary()
        # The reason wraps within its column rather than being cut: it is what the clerk
        # decides by.
        self.table = rows_table(
            self,
            "The list's rows and the dogs they name",
            COLUMNS,
            (STRETCHED,),
            wrap=True,
            least_height=300,
        )
        self.table.itemChanged.connect(lambda _item: self.refresh())
        self.setMinimumHeight(560)
        self.outer.addWidget(self.table, 1)
        self.add_progress(stretch=False)
        self.main = self.button("Match the list  Enter", "Match the list", self.go)
        self.add_buttons(self.main)
        QWidget.setTabOrder(self.file.choose, self.table)
        QWidget.setTabOrder(self.table, self.main)
        self.file.chosen.connect(self.match)
        self.file.edit.textChanged.connect(lambda _t: self._forget())
        self.say_summary(
            "Choose the clinic's list (CSV or XLSX). Each row is matched to a dog on file by "
            "its microchip, rabies or license tag, or its name with its owner's name and "
            "address; you choose which matches to record."
        )
        self.refresh()

    # state ------------------------------------------------------------------------------
    def _forget(self) -> None:
        if self.running:
            return
        self.found = None
        self.table.setRowCount(0)
        self.beside("file", "")
        self.refresh()

    def ticked(self) -> list[RabiesProposal]:
        if self.found is None:
            return []
        chosen = []
        for index, proposal in enumerate(self.found.rows):
            item = self.table.item(index, 0)
            if item is not None and item.checkState() == Qt.CheckState.Checked:
                chosen.append(proposal)
        return chosen

    def refresh(self) -> None:
        if self.running:
            return
        if self.found is None:
            words = "Match the list"
            ready = True
        else:
            chosen = len(self.ticked())
            words = f"Record {counted(chosen, 'certificate')}" if chosen else "Nothing ticked"
            ready = bool(chosen)
        self.main.setText(f"{words}  Enter" if ready else words)
        self.main.setAccessibleName(words)
        self.main.setEnabled(ready)

    def go(self) -> None:
        if self.found is None:
            self.match()
        else:
            self.record()

    # matching ---------------------------------------------------------------------------
    def match(self) -> None:
        if self.running:
            return
        self.clear_messages()
        problem = self.file.problem()
        path = self.file.path()
        if problem or path is None:
            self.beside("file", problem or "")
            self.file.setFocus()
            return
        ctx, progress, today = self.ctx, self.progress, self.ctx.clock.today()

        def work() -> RabiesProposals:
            listing = read_rabies_list(path)
            return propose_certificates(
                ctx.database, listing, actor=ctx.actor, today=today, step=progress.step
            )

        self.start(work, self._matched, "Reading the list…")

    def _matched(self, found: RabiesProposals) -> None:
        self.found = found
        self.table.blockSignals(True)
        self.table.setRowCount(len(found.rows))
        for index, proposal in enumerate(found.rows):
            self._fill(index, proposal)
        self.table.blockSignals(False)
        self.table.resizeRowsToContents()
        self.say_summary(self.summary_words(found))
        self.refresh()
        if found.rows:
            self.table.setFocus()
            self.table.selectRow(0)
        self.matched.emit(found)

    def _fill(self, index: int, proposal: RabiesProposal) -> None:
        tick = QTableWidgetItem("")
        if proposal.outcome is Outcome.MATCHED:
            tick.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable
                          | Qt.ItemFlag.ItemIsSelectable)  # fmt: skip
            tick.setCheckState(Qt.CheckState.Checked if proposal.exact else Qt.CheckState.Unchecked)
            tick.setToolTip("Space ticks or clears the row")
        else:
            tick.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            tick.setText("—")
        row = proposal.row
        listed = " / ".join(w for w in (row.owner, row.dog) if w) or "—"
        texts = (
            str(row.row),
            outcome_words(proposal),
            proposal.dog_label or "—",
            proposal.reason,
            listed,
            _day(row.vaccination_date),
            _day(row.expires_on),
        )
        self.table.setItem(index, 0, tick)
        for column, text in enumerate(texts, start=1):
            item = QTableWidgetItem(text)
            item.setToolTip(text)
            self.table.setItem(index, column, item)

    @staticmethod
    def summary_words(found: RabiesProposals) -> str:
        exact = sum(1 for p in found.matched if p.exact)
        how = f"{exact:,} exact, ticked" if exact else "none exact"
        parts = [
            f"{counted(len(found.matched), 'row')} matched ({how})",
            f"{len(found.having(Outcome.ON_FILE)):,} already on file",
            f"{len(found.having(Outcome.UNMATCHED)):,} matched to no dog",
            f"{len(found.having(Outcome.REFUSED)):,} refused",
        ]
        return (
            f"{found.file_name}: " + ", ".join(parts) + ". Tick the matches to record "
            "(Space), then Enter."
        )

    # recording --------------------------------------------------------------------------
    def record(self) -> None:
        chosen = self.ticked()
        if self.running or self.found is None or not chosen:
            return
        self.clear_messages()
        ctx, progress, name = self.ctx, self.progress, self.found.file_name

        def work() -> Accepted:
            return accept_certificates(
                ctx.database,
                chosen,
                file_name=name,
                actor=ctx.actor,
                clock=ctx.clock,
                step=progress.step,
                cancelled=progress.cancelled,
            )

        self.start(work, self._recorded, "Recording the certificates…")

    def _recorded(self, done: Accepted) -> None:
        words = f"Recorded {counted(len(done.added), 'rabies certificate')}"
        if done.already_on_file:
            words += f" ({done.already_on_file:,} already on file)"
        self.recorded.emit(done)
        # Matched again, so the rows just recorded read "already on file".
        self.found = None
        self.match()
        self.tell(words + "; the counter shows each dog's certificate.")

    def cancelled_words(self) -> str:
        return "Cancelled: no certificate was recorded."

    def path(self) -> Path | None:
        return self.file.path()

"""The kennels due for renewal, one row each: a tick for the ready ones, the amount, the
tender chosen, and whether it is ready or why not — later, what became of it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from clerkdesk.services.kennel_licensing import KennelDue
from clerkdesk.ui.fields import money
from clerkdesk.ui.views.kennels.column_fit import SHORT, Column, ColumnFit

COLUMNS = ("Renew", "Kennel", "Keeper", "Amount", "Tender", "Ready, or why not")
FIT = (
    SHORT,
    Column(weight=3, floor=140),
    Column(weight=2, floor=110),
    SHORT,
    SHORT,
    Column(weight=4, floor=220),
)
TICK, KENNEL, KEEPER, AMOUNT, TENDER, STATE = range(6)
RED, GREEN = "#a61b1b", "#1f6b2a"
_SHOWN = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


class DueTable(QTableWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setAccessibleName("Kennels due")
        self.setHorizontalHeaderLabels(list(COLUMNS))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setTabKeyNavigation(False)
        self.setWordWrap(True)
        self.verticalHeader().setVisible(False)
        # The names give way only when long (whole on hover); the reasons wrap.
        self.fit = ColumnFit(self, FIT, follow_data=False)
        self.fit.fitted.connect(self.resizeRowsToContents)
        self.setMinimumHeight(260)

    def cell(self, row: int, column: int) -> QTableWidgetItem:
        item = self.item(row, column)
        assert item is not None  # every cell is filled by fill()
        return item

    def fill(
        self,
        due: Sequence[KennelDue],
        ticked: set[int],
        tender_words: Callable[[KennelDue], str],
    ) -> None:
        self.blockSignals(True)
        self.setRowCount(len(due))
        for row, kennel in enumerate(due):
            tick = QTableWidgetItem("")
            if kennel.ready:
                tick.setFlags(_SHOWN | Qt.ItemFlag.ItemIsUserCheckable)
            else:
                tick.setFlags(_SHOWN)
                tick.setText("—")
            self.setItem(row, TICK, tick)
            if kennel.ready:
                self._tick(row, kennel.kennel_id in ticked)
            state = "ready" if kennel.ready else "; ".join(kennel.reasons)
            for column, text in (
                (KENNEL, kennel.name),
                (KEEPER, kennel.keeper_name),
                (AMOUNT, "" if kennel.amount is None else money(kennel.amount)),
                (TENDER, tender_words(kennel) if kennel.ready else ""),
                (STATE, state),
            ):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                item.setFlags(_SHOWN)
                if column == AMOUNT:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if column == STATE:
                    item.setForeground(QBrush(QColor(GREEN if kennel.ready else RED)))
                self.setItem(row, column, item)
        self.blockSignals(False)
        self.fit.fit()

    def show_tick(self, row: int, ticked: bool) -> None:
        self.blockSignals(True)
        self._tick(row, ticked)
        self.blockSignals(False)

    def _tick(self, row: int, ticked: bool) -> None:
        item = self.cell(row, TICK)
        item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
        item.setData(Qt.ItemDataRole.AccessibleTextRole, "ticked" if ticked else "not ticked")

    def ticked_at(self, row: int) -> bool:
        return self.cell(row, TICK).checkState() == Qt.CheckState.Checked

    def show_tender(self, row: int, words: str) -> None:
        item = self.cell(row, TENDER)
        item.setText(words)
        item.setToolTip(words)
        self.fit.fit()

    def show_outcome(self, row: int, text: str, *, renewed: bool) -> None:
        """What became of the kennel; its tick gives way to ✓ or ✗."""
        self.blockSignals(True)
        tick = self.cell(row, TICK)
        tick.setFlags(_SHOWN)
        tick.setData(Qt.ItemDataRole.CheckStateRole, None)
        tick.setText("✓" if renewed else "✗")
        tick.setData(Qt.ItemDataRole.AccessibleTextRole, "renewed" if renewed else "refused")
        item = self.cell(row, STATE)
        item.setText(text)
        item.setToolTip(text)
        item.setForeground(QBrush(QColor(GREEN if renewed else RED)))
        self.blockSignals(False)
        self.fit.fit()

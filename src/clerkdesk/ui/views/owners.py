"""Owners & Dogs: the whole register, paged and sorted by the database.

Everything works from the keyboard: Ctrl+1 … Ctrl+7 sort by a column (the same key again
reverses it), Sort by (Alt+S) and Order (Alt+O) choose the same, and Enter on a dog opens its
owner at the counter with that dog selected.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QTableView,
    QWidget,
)

from clerkdesk.ui.context import UiContext
from clerkdesk.ui.models.dog_table import COLUMNS, DOG_FIT, DogTableModel
from clerkdesk.ui.views.base import AreaView
from clerkdesk.ui.wrapped_columns import ColumnFit

ASCENDING, DESCENDING = Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder


class OwnersView(AreaView):
    # (owner id, dog id): the counter opens the owner with that dog selected.
    open_at_counter = Signal(int, int)

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(
            "Owners & Dogs",
            "Every dog on file with its owner. Enter opens the owner at the counter. "
            f"Ctrl+1 to Ctrl+{len(COLUMNS)} sort by a column (again to reverse), or choose "
            "under Sort by (Alt+S).",
            parent,
        )
        self.model = DogTableModel(ctx.database, ctx.tasks, self)
        self._shown_once = False
        self.model.loaded.connect(self._on_loaded)
        self.body.addLayout(self._sort_row())
        self.table = QTableView(self)
        self.table.setAccessibleName("Dogs on file")
        self.table.setModel(self.model)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicator(0, ASCENDING)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(28)
        header = self.table.horizontalHeader()
        header.sortIndicatorChanged.connect(self._sorted_by_header)
        # Fitted to the first page of each sort, not again as the clerk scrolls.
        self.fit = ColumnFit(self.table, DOG_FIT, follow_data=False, sampled=self.model.PAGE_SIZE)
        self._fitted = False
        self.model.modelReset.connect(self._unfitted)
        self.table.activated.connect(self._open)
        self.body.addWidget(self.table, 1)
        for column in range(len(COLUMNS)):
            key = QShortcut(QKeySequence(f"Ctrl+{column + 1}"), self)
            key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            key.activated.connect(lambda c=column: self.sort_by_key(c))
        self.model.reload()

    def _sort_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        caption = QLabel("&Sort by", self)
        self.sort_choice = QComboBox(self)
        self.sort_choice.setAccessibleName("Sort by")
        for column, (heading, _key) in enumerate(COLUMNS):
            self.sort_choice.addItem(f"{heading}  (Ctrl+{column + 1})", column)
        caption.setBuddy(self.sort_choice)
        order_caption = QLabel("&Order", self)
        self.order_choice = QComboBox(self)
        self.order_choice.setAccessibleName("Order")
        self.order_choice.addItem("A to Z, earliest first", ASCENDING)
        self.order_choice.addItem("Z to A, latest first", DESCENDING)
        order_caption.setBuddy(self.order_choice)
        self.sort_choice.activated.connect(lambda _i: self._sort_from_choices())
        self.order_choice.activated.connect(lambda _i: self._sort_from_choices())
        for widget in (caption, self.sort_choice, order_caption, self.order_choice):
            row.addWidget(widget)
        row.addStretch(1)
        return row

    # sorting ------------------------------------------------------------------------
    def sort_by(self, column: int, order: Qt.SortOrder) -> None:
        """Sort the register (in SQL) and show it on the header and the choosers."""
        self.table.horizontalHeader().setSortIndicator(column, order)  # → _sorted_by_header

    def sort_by_key(self, column: int) -> None:
        """Ctrl+n: sort by column n; pressed again, the other way round."""
        header = self.table.horizontalHeader()
        same = header.sortIndicatorSection() == column
        ascending = header.sortIndicatorOrder() == ASCENDING
        self.sort_by(column, DESCENDING if same and ascending else ASCENDING)

    def _sort_from_choices(self) -> None:
        column = self.sort_choice.currentData()
        order = self.order_choice.currentData()
        if isinstance(column, int) and isinstance(order, Qt.SortOrder):
            self.sort_by(column, order)

    def _sorted_by_header(self, column: int, order: Qt.SortOrder) -> None:
        self.sort_choice.setCurrentIndex(column)
        self.order_choice.setCurrentIndex(0 if order == ASCENDING else 1)
        self.model.sort(column, order)  # no-op when the table has passed it on already

    # opening ------------------------------------------------------------------------
    def _open(self, index: QModelIndex) -> None:
        row = self.model.row_at(index.row())
        if row is not None:
            self.open_at_counter.emit(row.owner_id, row.dog_id)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._shown_once:  # the counter may have changed owners and dogs since
            self.model.reload()
        self._shown_once = True
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _unfitted(self) -> None:
        self._fitted = False

    def _on_loaded(self) -> None:
        if not self._fitted and self.model.row_at(0) is not None:
            self._fitted = True
            self.fit.fit()
        if not self.table.currentIndex().isValid() and self.model.rowCount():
            self.table.setCurrentIndex(self.model.index(0, 0))

    def busy(self) -> bool:
        return self.model.loading

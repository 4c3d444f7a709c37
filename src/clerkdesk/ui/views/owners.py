"""Owners & Dogs: the whole register, paged from the database."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from clerkdesk.ui.context import UiContext
from clerkdesk.ui.models.dog_table import DogTableModel
from clerkdesk.ui.views.base import AreaView


class OwnersView(AreaView):
    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(
            "Owners & Dogs",
            "Every dog on file with its owner. Click Owner, Street or Dog to sort.",
            parent,
        )
        self.model = DogTableModel(ctx.database, ctx.tasks, self)
        self._waiting = True
        self.model.loaded.connect(self._on_loaded)
        self.table = QTableView(self)
        self.table.setAccessibleName("Dogs on file")
        self.table.setModel(self.model)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setSortingEnabled(True)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(28)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate((200, 220, 120, 190, 60, 120)):
            self.table.setColumnWidth(column, width)
        self.body.addWidget(self.table, 1)
        self.model.reload()

    def _on_loaded(self) -> None:
        self._waiting = False

    def busy(self) -> bool:
        return self._waiting

"""The read-only table an import dialog shows its file's rows in: whole rows selected, Tab
leaving the table, the named columns taking the room left and the others their contents'."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PySide6.QtWidgets import QHeaderView, QTableWidget, QWidget


def rows_table(
    parent: QWidget,
    name: str,
    columns: Sequence[str],
    stretched: Collection[int],
    *,
    wrap: bool,
    least_height: int,
) -> QTableWidget:
    table = QTableWidget(0, len(columns), parent)
    table.setAccessibleName(name)
    table.setHorizontalHeaderLabels(list(columns))
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    table.setTabKeyNavigation(False)
    table.setWordWrap(wrap)
    header = table.horizontalHeader()
    resize = QHeaderView.ResizeMode
    for column in range(len(columns)):
        header.setSectionResizeMode(
            column, resize.Stretch if column in stretched else resize.ResizeToContents
        )
    table.setMinimumHeight(least_height)
    return table

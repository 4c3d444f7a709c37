"""One tab of records (violations, impounds or complaints): a search box, the list newest
first, and the tab's own actions. Typing searches (in SQL, by the service) a moment after
the last key; Down goes from the search box to the list; Enter on a row opens it.

The page reads off the UI thread and drops an answer to a search already typed past.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from clerkdesk.errors import ClerkDeskError
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.models.rows import RowsModel
from clerkdesk.ui.views.base import empty_state
from clerkdesk.ui.views.enforcement.keys import FIND_KEYS, OPEN_KEYS
from clerkdesk.ui.views.enforcement.offers import ActionButton
from clerkdesk.ui.views.enforcement.tables import record_table

Row = TypeVar("Row")
DEBOUNCE_MS = 200


class RecordsPage(QWidget, Generic[Row]):
    """``read(text)`` lists the records (run off the UI thread); ``opened`` carries the
    chosen row's id when Enter is pressed on it."""

    opened = Signal(int)

    def __init__(
        self,
        ctx: UiContext,
        name: str,
        columns: Sequence[str],
        cells: Callable[[Row], tuple[str, ...]],
        read: Callable[[str], list[Row]],
        id_of: Callable[[Row], int],
        empty: str,
        buttons: Sequence[ActionButton],
        parent: QWidget | None = None,
        *,
        widths: Sequence[int] = (),
        numbers: Sequence[int] = (),
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.name = name
        self._read = read
        self._id_of = id_of
        self._empty_words = empty
        self._asked = 0
        self.loading = 0
        self.wanted: int | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        layout.setSpacing(6)
        top = QHBoxLayout()
        caption = QLabel(f"Find ({FIND_KEYS}):", self)
        self.search = QLineEdit(self)
        self.search.setAccessibleName(f"Find {name.lower()}")
        self.search.setPlaceholderText("a reference (V2026-0001), an owner, a dog, a place…")
        self.search.setClearButtonEnabled(True)
        self.search.setMinimumWidth(320)
        caption.setBuddy(self.search)
        top.addWidget(caption)
        top.addWidget(self.search, 1)
        self.open_button = QPushButton(f"Open  {OPEN_KEYS}", self)
        self.open_button.setAccessibleName(f"Open the chosen {name.lower()[:-1]}")
        self.open_button.setAutoDefault(False)
        self.open_button.clicked.connect(self.open_chosen)
        top.addWidget(self.open_button)
        self.buttons = tuple(buttons)
        for button in self.buttons:
            top.addWidget(button)
        layout.addLayout(top)
        self.empty = empty_state(empty, self)
        self.empty.setAccessibleName(f"No {name.lower()}")
        self.empty.setVisible(False)
        layout.addWidget(self.empty)
        self.model: RowsModel[Row] = RowsModel(columns, cells, self, numbers=numbers)
        self.table = record_table(self.model, name, self)
        for column, width in enumerate(widths):
            self.table.setColumnWidth(column, width)
        layout.addWidget(self.table, 1)
        self.setFocusProxy(self.table)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.reload)
        self.search.textEdited.connect(lambda _t: self._timer.start())
        self.search.returnPressed.connect(self._search_now)
        self.search.installEventFilter(self)
        self.table.installEventFilter(self)
        self.table.doubleClicked.connect(lambda _index: self.open_chosen())
        self.failed: Callable[[str], None] = lambda _text: None

    # Qt override: Down from the search box into the list; Enter on the list opens a row.
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key = event.key()
            if watched is self.search and key == Qt.Key.Key_Down and self.model.rows:
                self.table.setFocus(Qt.FocusReason.OtherFocusReason)
                if not self.table.currentIndex().isValid():
                    self.table.setCurrentIndex(self.model.index(0, 0))
                return True
            if watched is self.table and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.open_chosen()
                return True
        return super().eventFilter(watched, event)

    def busy(self) -> bool:
        return self.loading > 0 or self._timer.isActive()

    def find_record(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def _search_now(self) -> None:
        self._timer.stop()
        self.reload()
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def chosen(self) -> Row | None:
        index = self.table.currentIndex()
        return self.model.row(index.row()) if index.isValid() else None

    def open_chosen(self) -> None:
        row = self.chosen()
        if row is not None:
            self.opened.emit(self._id_of(row))

    def reload(self, wanted: int | None = None) -> None:
        self._timer.stop()
        if wanted is not None:
            self.wanted = wanted
        elif (row := self.chosen()) is not None:
            self.wanted = self._id_of(row)
        text = self.search.text().strip()
        read = self._read
        self._asked += 1
        asked = self._asked
        self.loading += 1
        self.ctx.tasks.run(
            lambda: read(text),
            lambda rows: self._listed(rows, asked, text),
            self._failed,
        )

    def _listed(self, rows: list[Any], asked: int, text: str) -> None:
        self.loading -= 1
        if asked != self._asked:
            return
        focused = self.table.hasFocus()
        self.model.set_rows(rows)
        if not rows:
            words = f"Nothing found for “{text}”." if text else self._empty_words
            self.empty.setText(words)
        self.empty.setVisible(not rows)
        at = next(
            (n for n, row in enumerate(self.model.rows) if self._id_of(row) == self.wanted), 0
        )
        if rows:
            self.table.setCurrentIndex(self.model.index(at, 0))
            self.table.selectRow(at)
        if focused:
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def _failed(self, exc: Exception) -> None:
        self.loading -= 1
        if not isinstance(exc, ClerkDeskError):
            raise exc
        self.failed(f"The {self.name.lower()} could not be read: {exc}")

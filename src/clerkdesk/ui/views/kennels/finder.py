"""Finding a keeper or a dog inside a form: the counter's search, as the clerk types.

The same ``services.search.search`` as the main window's box runs ~150 ms after the last
keystroke, off the UI thread; an answer to a text already typed past is dropped. Down moves
from the text into the list, Enter (or moving in the list) chooses the highlighted one.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from clerkdesk.errors import ClerkDeskError
from clerkdesk.services.search import SearchHit, SearchResult, search
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.elide import ElidedLabel

DEBOUNCE_MS = 150
LIMIT = 8
Kind = Literal["owner", "dog"]


def hit_words(hit: SearchHit) -> str:
    if hit.kind == "dog":
        return f"{hit.dog_name} — dog of {hit.owner_name}, {hit.street}"
    dogs = ", ".join(hit.dogs) if hit.dogs else "no dogs on file"
    return f"{hit.owner_name} — {hit.street} ({dogs})"


class Finder(QWidget):
    """``chosen`` carries the SearchHit picked (an owner's for ``kind="owner"``, a dog's for
    ``kind="dog"``), or None when the text changes after a choice."""

    chosen = Signal(object)
    # Enter in the list: the choice is made, the form moves on to its next field.
    picked = Signal()

    def __init__(
        self, ctx: UiContext, kind: Kind, name: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.kind = kind
        self.hit: SearchHit | None = None
        self._asked = 0
        self._pending = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.edit = QLineEdit(self)
        self.edit.setAccessibleName(name)
        self.edit.setPlaceholderText(
            "type the keeper's name or street"
            if kind == "owner"
            else "type the dog's name (and its owner's), its tag or microchip"
        )
        self.list = QListWidget(self)
        self.list.setAccessibleName(f"{name}: matches")
        self.list.setFixedHeight(4 * 24 + 8)
        # Reached with Down from the text, so Tab goes on to the form's next field.
        self.list.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        # One line, so the form keeps its size: a long choice ends in "…" (whole on hover).
        self.status = ElidedLabel("", self, role=f"{name}: chosen")
        self.status.setObjectName("ViewHint")
        # Its line is kept while empty: a form sized before a choice would otherwise draw the
        # choice over the list's last row.
        self.status.setMinimumHeight(self.status.fontMetrics().lineSpacing())
        layout.addWidget(self.edit)
        layout.addWidget(self.list)
        layout.addWidget(self.status)
        self.setFocusProxy(self.edit)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._search)
        self.edit.textEdited.connect(self._typed)
        self.edit.installEventFilter(self)
        self.list.installEventFilter(self)
        self.list.currentRowChanged.connect(self._highlighted)

    def preset(self, hit: SearchHit, text: str, words: str) -> None:
        """Start with ``hit`` chosen (the keeper on file): ``text`` in the search box,
        ``words`` beneath. Typing searches again."""
        self.edit.setText(text)
        self.hit = hit
        self.status.setText(f"Chosen: {words}")

    def busy(self) -> bool:
        return self._pending > 0 or self._timer.isActive()

    # Qt override: Down leaves the text for the list; Enter in the list takes the one
    # highlighted (and is not passed on, where it would press the form's main button).
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return super().eventFilter(watched, event)
        key = event.key()
        if watched is self.edit and key == Qt.Key.Key_Down and self.list.count():
            self.list.setFocus()
            if self.list.currentRow() < 0:
                self.list.setCurrentRow(0)
            return True
        if watched is self.list and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._highlighted(self.list.currentRow())
            if self.hit is not None:
                self.picked.emit()
            return True
        return super().eventFilter(watched, event)

    def _typed(self, _text: str) -> None:
        if self.hit is not None:
            self.hit = None
            self.chosen.emit(None)
        self.status.setText("")
        self._timer.start()

    def _search(self) -> None:
        text = self.edit.text().strip()
        self._asked += 1
        asked = self._asked
        if not text:
            self._show(())
            return
        database, today = self.ctx.database, self.ctx.clock.today()
        self._pending += 1
        self.ctx.tasks.run(
            lambda: search(database, text, limit=LIMIT * 2, on=today),
            lambda result: self._found(result, asked),
            lambda exc: self._failed(exc, asked),
        )

    def _found(self, result: SearchResult, asked: int) -> None:
        self._pending -= 1
        if asked != self._asked:
            return
        hits = tuple(h for h in result.hits if h.kind == self.kind)[:LIMIT]
        self._show(hits)
        if not hits and result.query:
            what = "owner" if self.kind == "owner" else "dog"
            self.status.setText(f"No {what} found for “{result.query}”.")

    def _failed(self, exc: Exception, asked: int) -> None:
        self._pending -= 1
        if not isinstance(exc, ClerkDeskError):
            raise exc
        if asked == self._asked:
            self.status.setText(str(exc))

    def _show(self, hits: tuple[SearchHit, ...]) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for hit in hits:
            item = QListWidgetItem(hit_words(hit))
            item.setData(Qt.ItemDataRole.UserRole, hit)
            item.setToolTip(hit_words(hit))
            self.list.addItem(item)
        self.list.blockSignals(False)

    def _highlighted(self, row: int) -> None:
        item = self.list.item(row)
        if item is None:
            return
        hit = item.data(Qt.ItemDataRole.UserRole)
        assert isinstance(hit, SearchHit)
        self.hit = hit
        self.status.setText(f"Chosen: {hit_words(hit)}")
        self.chosen.emit(hit)

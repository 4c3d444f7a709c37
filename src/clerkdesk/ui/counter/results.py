"""Search results: owners with their dogs beneath them, found as the clerk types.

The search runs ~150 ms after the last keystroke, off the UI thread; a generation counter
drops answers to texts the clerk has already typed past. Down in the search box moves into
the list, Enter opens the highlighted owner; a tag, license, phone or microchip typed in
full opens its dog at once.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QLabel, QLineEdit, QListView, QVBoxLayout, QWidget

from clerkdesk.errors import ValidationError
from clerkdesk.services.checks import quoted
from clerkdesk.services.search import SearchHit, SearchResult, search
from clerkdesk.ui.context import UiContext

_Index = QModelIndex | QPersistentModelIndex
DEBOUNCE_MS = 150
HitRole = Qt.ItemDataRole.UserRole + 1


def hit_title(hit: SearchHit) -> str:
    if hit.kind == "dog":
        return f"{hit.dog_name} — dog of {hit.owner_name}"
    return f"{hit.owner_name} — {hit.street}"


def hit_detail(hit: SearchHit) -> str:
    if hit.kind == "dog":
        return f"    {hit.street} · {hit.matched}"
    dogs = ", ".join(hit.dogs) if hit.dogs else "no dogs on file"
    return f"    {dogs}"


class SearchResultsModel(QAbstractListModel):
    """One row per hit: an owner (their dogs' names beneath) or a dog (its owner beside)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._hits: tuple[SearchHit, ...] = ()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._hits)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._hits):
            return None
        hit = self._hits[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{hit_title(hit)}\n{hit_detail(hit)}"
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{hit_title(hit)}. {hit_detail(hit).strip()}"
        if role == Qt.ItemDataRole.ToolTipRole:
            # The row is cut short (…) in a narrow column; the tooltip says it all.
            return f"{hit_title(hit)}\n{hit_detail(hit).strip()}\nMatched: {hit.matched}"
        if role == HitRole:
            return hit
        return None

    def set_hits(self, hits: tuple[SearchHit, ...]) -> None:
        self.beginResetModel()
        self._hits = hits
        self.endResetModel()

    def hit(self, row: int) -> SearchHit | None:
        return self._hits[row] if 0 <= row < len(self._hits) else None

    @property
    def hits(self) -> tuple[SearchHit, ...]:
        return self._hits


class ResultsPanel(QWidget):
    """The left column: what was found, and how many."""

    opened = Signal(object)  # SearchHit
    # Enter when nothing on file matches: the clerk adds them, with the words searched.
    wants_new_owner = Signal(str)

    def __init__(
        self,
        ctx: UiContext,
        parent: QWidget | None = None,
        *,
        prompt: str = "Type in the search box above (Ctrl+K).",
        new_owner: str = "press Enter to add a new owner by that name (O)",
    ) -> None:
        """``prompt`` says where to type; ``new_owner`` how to add one when nothing is found."""
        super().__init__(parent)
        self.ctx = ctx
        self._prompt, self._new_owner = prompt, new_owner
        self.setAccessibleName("Search results")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.heading = QLabel("SEARCH", self)
        self.heading.setObjectName("ColumnTitle")
        self.summary = QLabel(prompt, self)
        self.summary.setObjectName("ViewHint")
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName("Search summary")
        self.model = SearchResultsModel(self)
        self.list = QListView(self)
        self.list.setObjectName("SearchResults")
        self.list.setAccessibleName("Owners and dogs found")
        self.list.setModel(self.model)
        self.list.setUniformItemSizes(True)
        self.list.setAlternatingRowColors(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setMinimumWidth(200)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list.activated.connect(self._activated)
        layout.addWidget(self.heading)
        layout.addWidget(self.summary)
        layout.addWidget(self.list, 1)
        self._box: QLineEdit | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self.run_search)
        self._generation = 0
        self._pending = False
        self._jumped_for = ""
        self._open_on_arrival = False

    # the search box ---------------------------------------------------------------
    def attach(self, box: QLineEdit) -> None:
        self._box = box
        box.textEdited.connect(self._typed)
        box.returnPressed.connect(self.open_current)
        box.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._box and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_PageDown) and self.model.rowCount():
                self.list.setFocus(Qt.FocusReason.TabFocusReason)
                row = self.list.currentIndex().row()
                target = 0 if row < 0 else min(row + 1, self.model.rowCount() - 1)
                self.list.setCurrentIndex(self.model.index(target, 0))
                return True
        return super().eventFilter(watched, event)

    def _typed(self, _text: str) -> None:
        self._pending = True
        self._timer.start()

    def run_search(self) -> None:
        text = self._box.text() if self._box is not None else ""
        self._generation += 1
        generation, database, today = self._generation, self.ctx.database, self.ctx.clock.today()
        self._pending = True
        self.ctx.tasks.run(
            lambda: search(database, text, limit=30, on=today),
            lambda result: self._arrived(generation, result),
            lambda exc: self._failed(generation, exc),
        )

    def _arrived(self, generation: int, result: SearchResult) -> None:
        if generation != self._generation:
            return  # the clerk typed on; a newer search is on its way
        self._pending = self._timer.isActive()
        self.model.set_hits(result.hits)
        if result.hits:
            self.list.setCurrentIndex(self.model.index(0, 0))
        if not result.query:
            self.summary.setText(self._prompt)
        elif not result.hits:
            self.summary.setText(
                f"Nothing on file matches {quoted(result.query)}. Check the spelling, try the "
                f"street or phone, or {self._new_owner}."
            )
        else:
            count = len(result.hits)
            self.summary.setText(
                f"{count} found for {quoted(result.query)}. ↓ to move, Enter to open."
                if count > 1
                else f"1 found for {quoted(result.query)}. Enter to open."
            )
        wanted, self._open_on_arrival = self._open_on_arrival, False
        if result.exact is not None and self._jumped_for != result.query:
            self._jumped_for = result.query
            self.opened.emit(result.exact)
        elif wanted and result.hits:
            self.opened.emit(result.hits[0])
        elif wanted and result.query:
            self.wants_new_owner.emit(self.searched())

    def _failed(self, generation: int, exc: Exception) -> None:
        if generation != self._generation:
            return
        self._pending = False
        if isinstance(exc, ValidationError):
            self.summary.setText(exc.message)
            return
        raise exc

    # opening ----------------------------------------------------------------------
    def _activated(self, index: QModelIndex) -> None:
        hit = self.model.hit(index.row())
        if hit is not None:
            self.opened.emit(hit)

    def open_current(self) -> None:
        if self.busy():  # Enter before the answer came: open the first hit when it does
            self._open_on_arrival = True
            if self._timer.isActive():
                self._timer.stop()
                self.run_search()
            return
        row = max(self.list.currentIndex().row(), 0)
        hit = self.model.hit(row)
        if hit is not None:
            self.opened.emit(hit)
        elif self.searched():
            self.wants_new_owner.emit(self.searched())

    def searched(self) -> str:
        """What is in the search box now."""
        return self._box.text().strip() if self._box is not None else ""

    def searched_in_vain(self) -> str:
        """What is in the search box, if it found no one (else nothing)."""
        return "" if self.busy() or self.model.rowCount() else self.searched()

    def busy(self) -> bool:
        return self._pending or self._timer.isActive()

"""The Tags area's two lower panels: the year's tags given out or marked, a page at a time,
and the history of one tag number."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.services.tag_history import PAGE_SIZE, TagHistory, TagPage, tag_history, year_tags
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.views.tags.tag_tables import (
    HISTORY_FIT,
    TAG_FIT,
    describe,
    history_model,
    tag_model,
)
from clerkdesk.ui.wrapped_columns import ColumnFit

PREVIOUS_KEYS = "Ctrl+PgUp"
NEXT_KEYS = "Ctrl+PgDown"
SHOWN = (
    (None, "All given out or marked"),
    ("issued", "Issued"),
    ("lost", "Lost"),
    ("void", "Voided"),
    ("returned", "Returned"),
)


def _table(parent: QWidget, name: str) -> QTableView:
    table = QTableView(parent)
    table.setAccessibleName(name)
    table.setAlternatingRowColors(True)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setTabKeyNavigation(False)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(26)
    return table


def _heading(text: str, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    label.setObjectName("SectionCaption")
    return label


def _problem(exc: Exception, what: str) -> str:
    if isinstance(exc, ValidationError):
        return exc.message
    if isinstance(exc, EnvironmentProblem):
        return f"{what} could not be read: {exc}"
    raise exc


class YearTagsPanel(QWidget):
    """``chosen`` carries the number of the tag whose row the clerk pressed Enter on."""

    chosen = Signal(int)

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setAccessibleName("The year's tags")
        self.year: int | None = None
        self.after = 0
        self._before: list[int] = []
        self._loading = 0
        self._asked = 0
        self.page: TagPage | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(_heading("The year's tags", self))
        caption = QLabel("S&how:", self)
        self.shown = QComboBox(self)
        self.shown.setAccessibleName("Show tags")
        for key, text in SHOWN:
            self.shown.addItem(text, key)
        caption.setBuddy(self.shown)
        self.shown.currentIndexChanged.connect(lambda _i: self.first_page())
        top.addWidget(caption)
        top.addWidget(self.shown)
        top.addStretch(1)
        layout.addLayout(top)
        self.message = QLabel("", self)
        self.message.setWordWrap(True)
        self.message.setAccessibleName("The year's tags: message")
        self.message.setVisible(False)
        layout.addWidget(self.message)
        self.model = tag_model(self)
        self.table = _table(self, "Tags given out or marked")
        self.table.setModel(self.model)
        ColumnFit(self.table, TAG_FIT)
        self.table.activated.connect(self._activated)
        layout.addWidget(self.table, 1)
        paging = QHBoxLayout()
        paging.addStretch(1)
        self.where = QLabel("", self)
        self.where.setAccessibleName("Page")
        paging.addWidget(self.where)
        self.previous_button = self._button(f"◀ Previous  {PREVIOUS_KEYS}", "Previous page")
        self.previous_button.setShortcut(QKeySequence(PREVIOUS_KEYS))
        self.previous_button.clicked.connect(self.previous_page)
        self.next_button = self._button(f"Next ▶  {NEXT_KEYS}", "Next page")
        self.next_button.setShortcut(QKeySequence(NEXT_KEYS))
        self.next_button.clicked.connect(self.next_page)
        paging.addWidget(self.previous_button)
        paging.addWidget(self.next_button)
        layout.addLayout(paging)

    def _button(self, text: str, name: str) -> QPushButton:
        button = QPushButton(text, self)
        button.setAccessibleName(name)
        button.setAutoDefault(False)
        button.setEnabled(False)
        return button

    def busy(self) -> bool:
        return self._loading > 0

    def show_year(self, year: int) -> None:
        self.year = year
        self.first_page()

    def first_page(self) -> None:
        self._before.clear()
        self.after = 0
        self._fetch()

    def next_page(self) -> None:
        if self.page is None or not self.page.more or not self.page.rows:
            return
        self._before.append(self.after)
        self.after = self.page.rows[-1].number
        self._fetch()

    def previous_page(self) -> None:
        if not self._before:
            return
        self.after = self._before.pop()
        self._fetch()

    def _fetch(self) -> None:
        if self.year is None:
            return
        database, clock, year = self.ctx.database, self.ctx.clock, self.year
        state, after = self.shown.currentData(), self.after
        self._loading += 1
        self._asked += 1
        asked = self._asked
        self.ctx.tasks.run(
            lambda: year_tags(database, year, clock=clock, state=state, after=after),
            lambda page: self._loaded(page, asked),
            self._failed,
        )

    def _loaded(self, page: TagPage, asked: int) -> None:
        self._loading -= 1
        if asked != self._asked:
            return  # a page asked for before the latest one
        self.page = page
        self.model.set_rows(page.rows)
        first = len(self._before) * PAGE_SIZE + 1
        if page.rows:
            self.where.setText(f"{first:,}–{first + len(page.rows) - 1:,}")
        else:
            self.where.setText("")
        self.message.setText("" if page.rows else "No tags given out or marked here yet.")
        self.message.setVisible(not page.rows)
        self.previous_button.setEnabled(bool(self._before))
        self.next_button.setEnabled(page.more)

    def _failed(self, exc: Exception) -> None:
        self._loading -= 1
        self.message.setText(_problem(exc, "The year's tags"))
        self.message.setVisible(True)

    def _activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.chosen.emit(self.model.row(index.row()).number)


class HistoryPanel(QWidget):
    """Find tag: the number typed (the view reads ``find_box``), and its history."""

    def __init__(self, ctx: UiContext, find_keys: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setAccessibleName("Tag history")
        self._loading = 0
        self.history: TagHistory | None = None
        self.wanted: int | None = None
        """The number last asked for (its history may still be on its way)."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        find = QHBoxLayout()
        caption = QLabel(f"Fi&nd tag  {find_keys}", self)
        caption.setObjectName("SectionCaption")
        self.find_box = QLineEdit(self)
        self.find_box.setAccessibleName("Find tag")
        self.find_box.setPlaceholderText("e.g. 5003 or W-5003, then Enter")
        self.find_box.setMaxLength(20)
        caption.setBuddy(self.find_box)
        find.addWidget(caption)
        find.addWidget(self.find_box, 1)
        layout.addLayout(find)
        self.heading = _heading("History of a tag number", self)
        layout.addWidget(self.heading)
        self.message = QLabel(
            "Type a number and press Enter, or press Enter on a tag in the year's list: "
            "who held it each year, and its replacements.",
            self,
        )
        self.message.setWordWrap(True)
        self.message.setObjectName("ViewHint")
        self.message.setAccessibleName("Tag history: message")
        layout.addWidget(self.message)
        self.model = history_model(self)
        self.table = _table(self, "Tag history")
        self.table.setModel(self.model)
        ColumnFit(self.table, HISTORY_FIT)
        layout.addWidget(self.table, 2)
        # The chosen year's whole story in words: replacements and marks do not fit a cell,
        # nor do the longest names. It scrolls rather than being cut off at the window's foot.
        self.detail = QLabel("", self)
        self.detail.setWordWrap(True)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.detail.setAccessibleName("Tag history: chosen year")
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.detail_area = QScrollArea(self)
        self.detail_area.setFrameShape(QFrame.Shape.NoFrame)
        self.detail_area.setWidgetResizable(True)
        self.detail_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.detail_area.setWidget(self.detail)
        # A line at the least (a window 720 high); the rest of the panel's height when free.
        self.detail_area.setMinimumHeight(self.detail.fontMetrics().lineSpacing() + 4)
        layout.addWidget(self.detail_area, 1)
        selection = self.table.selectionModel()
        selection.currentRowChanged.connect(lambda current, _old: self._describe(current.row()))

    def busy(self) -> bool:
        return self._loading > 0

    def show_number(self, number: int) -> None:
        database = self.ctx.database
        self.wanted = number
        self._loading += 1
        self.ctx.tasks.run(lambda: tag_history(database, number), self._loaded, self._failed)

    def _loaded(self, history: TagHistory) -> None:
        self._loading -= 1
        if history.number != self.wanted:
            return  # an earlier search, answered after the one the clerk typed since
        self.history = history
        # The tag as it read, when it read the same every year (a prefix may change).
        reads = {e.tag for e in history.entries}
        shown = reads.pop() if len(reads) == 1 else str(history.number)
        self.heading.setText(f"History of tag {shown}")
        self.model.set_rows(history.entries)
        if history.entries:
            years = len(history.entries)
            self.message.setText(
                f"Tag {shown} in {years} license year{'s' if years != 1 else ''}, "
                "newest first; the chosen year in words below."
            )
            self.table.selectRow(0)
            self._describe(0)
        else:
            self.detail.setText("")
            self.message.setText(f"Tag {history.number} was never received, given out or marked.")

    def _failed(self, exc: Exception) -> None:
        self._loading -= 1
        self.message.setText(_problem(exc, "The tag's history"))

    def _describe(self, row: int) -> None:
        if not 0 <= row < self.model.rowCount():
            self.detail.setText("")
            return
        self.detail.setText(describe(self.model.row(row)))

    def focus_table(self) -> None:
        self.table.setFocus(Qt.FocusReason.OtherFocusReason)

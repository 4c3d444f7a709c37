"""The Tags area: each license year's tag stock with what became of its tags, Receive tags…
to add a range, Mark a tag… to void, lose or take back one, and a tag number's history found
from the Find tag box."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.tag_text import tag_text
from clerkdesk.services.tag_history import parse_tag
from clerkdesk.services.tag_marks import MarkCleared, TagMarked
from clerkdesk.services.tags import StockSummary, TagsReceived, TagYear, tag_years, year_stock
from clerkdesk.ui.area_stack import tighten
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.rows_to_room import RowsToRoom
from clerkdesk.ui.views.base import AreaView, empty_state
from clerkdesk.ui.views.tags.calibration_dialog import open_calibration_dialog
from clerkdesk.ui.views.tags.labels_dialog import KEYS as LABELS_KEYS
from clerkdesk.ui.views.tags.labels_dialog import failure_text, open_labels_dialog
from clerkdesk.ui.views.tags.mark_dialog import MarkTagDialog
from clerkdesk.ui.views.tags.panels import HistoryPanel, YearTagsPanel
from clerkdesk.ui.views.tags.ranges import RangeTableModel
from clerkdesk.ui.views.tags.receive_dialog import ReceiveTagsDialog, year_caption

RECEIVE_KEYS = "Ctrl+R"
MARK_KEYS = "Ctrl+M"
FIND_KEYS = "Ctrl+F"
CALIBRATE_KEYS = "Ctrl+Shift+L"
FIGURES = (
    ("received", "Received"),
    ("issued", "Issued"),
    ("spare", "Spare (left)"),
    ("lost", "Lost"),
    ("voided", "Voided"),
    ("returned", "Returned"),
    ("next", "Next tag the counter proposes"),
)


RANGE_ROW = 26
RANGES_SHOWN = 3


class _Figure(QFrame):
    """One number with its caption, e.g. 1,230 / Left."""

    def __init__(self, caption: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.setProperty("class", "Tile")
        self.caption = caption
        layout = QVBoxLayout(self)
        # Snug around the number and its caption: the tiles' row is one of the area's tallest.
        layout.setContentsMargins(10, 4, 10, 6)
        layout.setSpacing(0)
        self.number = QLabel("…", self)
        self.number.setObjectName("TileNumber")
        label = QLabel(caption, self)
        label.setObjectName("TileLabel")
        label.setWordWrap(True)
        layout.addWidget(self.number)
        layout.addWidget(label)
        self.show_value("…")

    def show_value(self, text: str) -> None:
        self.number.setText(text)
        self.setAccessibleName(f"{self.caption}: {text}")


class TagsView(AreaView):
    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(
            "Tags",
            "Each license year's tags: the ranges received, what became of the tags, and the "
            "tag the counter proposes next.",
            parent,
        )
        tighten(self.body)  # the area fits 1280×720 whole
        self.ctx = ctx
        self._loading = 0
        self._reads = 0  # numbers each read, so only the newest one is shown
        self.years: tuple[TagYear, ...] = ()
        self.summary: StockSummary | None = None
        self.dialog: ReceiveTagsDialog | MarkTagDialog | None = None

        top = QHBoxLayout()
        caption = QLabel("License &year:", self)
        self.year = QComboBox(self)
        self.year.setAccessibleName("License year")
        self.year.setMinimumWidth(220)
        caption.setBuddy(self.year)
        self.year.currentIndexChanged.connect(self._year_chosen)
        self.receive_button = QPushButton(f"Receive tags…  {RECEIVE_KEYS}", self)
        self.receive_button.setAccessibleName("Receive tags")
        self.receive_button.setShortcut(QKeySequence(RECEIVE_KEYS))
        self.receive_button.setAutoDefault(False)
        self.receive_button.clicked.connect(self.receive)
        self.mark_button = QPushButton(f"Mark a tag…  {MARK_KEYS}", self)
        self.mark_button.setAccessibleName("Mark a tag")
        self.mark_button.setShortcut(QKeySequence(MARK_KEYS))
        self.mark_button.setAutoDefault(False)
        self.mark_button.clicked.connect(self.mark)
        self.labels_button = QPushButton(f"Print tag labels…  {LABELS_KEYS}", self)
        self.labels_button.setAccessibleName("Print tag labels")
        self.labels_button.setShortcut(QKeySequence(LABELS_KEYS))
        self.labels_button.setAutoDefault(False)
        self.labels_button.clicked.connect(self.print_labels)
        self.calibrate_button = QPushButton(f"Calibrate printer…  {CALIBRATE_KEYS}", self)
        self.calibrate_button.setAccessibleName("Calibrate printer")
        self.calibrate_button.setShortcut(QKeySequence(CALIBRATE_KEYS))
        self.calibrate_button.setAutoDefault(False)
        self.calibrate_button.clicked.connect(self.calibrate)
        top.addWidget(caption)
        top.addWidget(self.year)
        top.addStretch(1)
        # The area's actions, in one row.
        self.action_row = QHBoxLayout()
        self.action_row.addWidget(self.receive_button)
        self.action_row.addWidget(self.mark_button)
        top.addLayout(self.action_row)
        self.body.addLayout(top)

        self.period = QLabel("", self)
        self.period.setObjectName("ViewHint")
        self.period.setAccessibleName("License year dates")
        # The label buttons share the dates' row, so the area still fits a 1024-wide window.
        dates_row = QHBoxLayout()
        dates_row.addWidget(self.period)
        dates_row.addStretch(1)
        dates_row.addWidget(self.labels_button)
        dates_row.addWidget(self.calibrate_button)
        self.body.addLayout(dates_row)
        figures = QHBoxLayout()
        figures.setSpacing(12)
        self.figures = {key: _Figure(caption, self) for key, caption in FIGURES}
        for key, figure in self.figures.items():
            figures.addWidget(figure, 2 if key == "next" else 1)
        self.body.addLayout(figures)

        self.notice = QLabel("", self)
        self.notice.setObjectName("CounterNotice")
        self.notice.setWordWrap(True)
        self.notice.setAccessibleName("Message")
        self.notice.setVisible(False)
        self.body.addWidget(self.notice)
        self.empty = empty_state(
            f"No tag stock for this license year yet — Receive tags… ({RECEIVE_KEYS})", self
        )
        self.empty.setAccessibleName("No tag stock")
        self.empty.setVisible(False)
        self.body.addWidget(self.empty)

        self.model = RangeTableModel(self)
        self.table = QTableView(self)
        self.table.setAccessibleName("Tag ranges received")
        self.table.setModel(self.model)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(RANGE_ROW)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate((85, 85, 65, 65, 65, 65, 60, 170, 95, 80)):
            self.table.setColumnWidth(column, width)
        # A year holds a handful of ranges: as tall as they are, up to three rows while the
        # window has the height, the rest for the tags below.
        self.rows_to_room = RowsToRoom(self)
        self.rows_to_room.add(self.table, least=1, most=RANGES_SHOWN)
        self.body.addWidget(self.table)

        lower = QHBoxLayout()
        lower.setSpacing(16)
        self.tags_panel = YearTagsPanel(ctx, self)
        self.tags_panel.chosen.connect(self.show_history)
        self.history = HistoryPanel(ctx, FIND_KEYS, self)
        self.find_box = self.history.find_box
        self.find_box.returnPressed.connect(self.find_tag)
        find_keys = QShortcut(QKeySequence(FIND_KEYS), self)
        find_keys.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        find_keys.activated.connect(self._focus_find)
        # The history's six columns need nearly the room of the year's seven at 1280×800.
        lower.addWidget(self.tags_panel, 5)
        lower.addWidget(self.history, 4)
        self.body.addLayout(lower, 1)
        chain = (
            self.year,
            self.receive_button,
            self.mark_button,
            self.labels_button,
            self.calibrate_button,
            self.table,
            self.tags_panel.shown,
            self.tags_panel.table,
            self.tags_panel.previous_button,
            self.tags_panel.next_button,
            self.find_box,
            self.history.table,
        )
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)
        self.reload()

    def minimumSizeHint(self) -> QSize:
        return self.rows_to_room.least_size(super().minimumSizeHint())

    # loading ------------------------------------------------------------------------
    def busy(self) -> bool:
        return self._loading > 0 or self.tags_panel.busy() or self.history.busy()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Sales at the counter use tags: show today's figures, and take the keyboard here.
        # A read already on its way may predate them; the newer one supersedes it.
        self.reload(self.chosen_year())
        QTimer.singleShot(0, self._take_focus)

    def _take_focus(self) -> None:
        focus = self.focusWidget()
        if self.isVisible() and (focus is None or not self.isAncestorOf(focus)):
            self.year.setFocus(Qt.FocusReason.OtherFocusReason)

    def chosen_year(self) -> int | None:
        data = self.year.currentData()
        return None if data is None else int(data)

    def reload(self, wanted: int | None = None) -> None:
        database, clock = self.ctx.database, self.ctx.clock

        def load() -> tuple[tuple[TagYear, ...], StockSummary]:
            years = tag_years(database, clock=clock)
            starts = [y.starts_in for y in years]
            pick = wanted if wanted in starts else starts[0]
            return years, year_stock(database, pick, clock=clock)

        self._loading += 1
        self._reads += 1
        read = self._reads
        self.ctx.tasks.run(load, lambda result: self._loaded(result, read), self._failed)

    def _loaded(self, result: tuple[tuple[TagYear, ...], StockSummary], read: int) -> None:
        self._loading -= 1
        if read != self._reads:  # a newer read is on its way; this one may be stale
            return
        years, summary = result
        self.years = years
        self.year.blockSignals(True)
        self.year.clear()
        for year in years:
            self.year.addItem(year_caption(year), year.starts_in)
        chosen = next(y for y in years if y.start == summary.license_year_start)
        self.year.setCurrentIndex(self.year.findData(chosen.starts_in))
        self.year.blockSignals(False)
        self.receive_button.setEnabled(True)
        self.mark_button.setEnabled(True)
        self._show(summary)

    def _year_chosen(self) -> None:
        year = self.chosen_year()
        if year is None:
            return
        database, clock = self.ctx.database, self.ctx.clock
        self._loading += 1
        self._reads += 1
        read = self._reads
        self.ctx.tasks.run(
            lambda: year_stock(database, year, clock=clock),
            lambda summary: self._summary_loaded(summary, read),
            self._failed,
        )

    def _summary_loaded(self, summary: StockSummary, read: int) -> None:
        self._loading -= 1
        if read == self._reads:
            self._show(summary)

    def _failed(self, exc: Exception) -> None:
        self._loading -= 1
        if isinstance(exc, ValidationError):  # no town set up yet
            self.receive_button.setEnabled(exc.field != "town")
            self.mark_button.setEnabled(exc.field != "town")
            self.say(exc.message, problem=True)
            return
        if isinstance(exc, EnvironmentProblem):
            self.say(f"The tag stock could not be read: {exc}", problem=True)
            return
        raise exc

    # showing ------------------------------------------------------------------------
    def _show(self, summary: StockSummary) -> None:
        self.summary = summary
        label = summary.license_year_label
        end = f" – {us_date(summary.license_year_end)}" if summary.license_year_end else ""
        self.period.setText(f"License year {label}: {us_date(summary.license_year_start)}{end}")
        looks = " ".join(w for w in (summary.color, summary.shape) if w)
        if looks:
            self.period.setText(f"{self.period.text()} · {looks} tags")
        self.model.set_rows(summary.ranges)
        stocked = bool(summary.ranges)
        counts = summary.counts
        for key, value in (
            ("received", summary.received),
            ("issued", summary.issued),
            ("spare", summary.spare),
            ("lost", counts.lost),
            ("voided", counts.voided),
            ("returned", counts.returned),
        ):
            self.figures[key].show_value(f"{value:,}")
        if summary.next_tag is not None:
            self.figures["next"].show_value(summary.tag_text(summary.next_tag))
        else:
            self.figures["next"].show_value("none" if not stocked else "used up")
        self.empty.setText(f"No tag stock for {label} yet — Receive tags… ({RECEIVE_KEYS})")
        self.empty.setVisible(not stocked)
        self.table.setVisible(stocked)
        self.rows_to_room.set_count(self.table, len(summary.ranges))
        # Sales and marks change the list and a history: read them again with the figures.
        year = self.chosen_year()
        if year is not None:
            self.tags_panel.show_year(year)
        if self.history.wanted is not None:
            self.history.show_number(self.history.wanted)

    def say(self, text: str, *, problem: bool = False) -> None:
        self.notice.setText(text)
        self.notice.setProperty("problem", problem)
        self.notice.style().unpolish(self.notice)
        self.notice.style().polish(self.notice)
        self.notice.setVisible(bool(text))

    # receiving ----------------------------------------------------------------------
    def receive(self) -> None:
        self._with_years(self._open_dialog)

    def mark(self) -> None:
        self._with_years(self._open_mark_dialog)

    def _with_years(self, then: Callable[[tuple[TagYear, ...]], None]) -> None:
        """Read the years a dialog offers off the UI thread, then open it (one at a time)."""
        if self.dialog is not None and self.dialog.isVisible():
            return
        database, clock = self.ctx.database, self.ctx.clock
        self._loading += 1
        self.ctx.tasks.run(
            lambda: tag_years(database, clock=clock, receiving=True), then, self._failed
        )

    def _open_dialog(self, years: tuple[TagYear, ...]) -> None:
        self._loading -= 1
        self._open(ReceiveTagsDialog(self.ctx, years, self.chosen_year(), self), self._received)

    def _open_mark_dialog(self, years: tuple[TagYear, ...]) -> None:
        self._loading -= 1
        shown = self.history.history.number if self.history.history else None
        self._open(MarkTagDialog(self.ctx, years, self.chosen_year(), shown, self), self._marked)

    def _open(self, dialog: ReceiveTagsDialog | MarkTagDialog, saved: Callable[..., None]) -> None:
        self.dialog = dialog
        dialog.saved.connect(saved)
        dialog.open()
        dialog.activateWindow()

    def _marked(self, done: TagMarked | MarkCleared) -> None:
        year: int | None
        if isinstance(done, TagMarked):
            self.say(f"{done.words}.")
            year = done.license_year_start.year
        else:
            self.say(
                f"Tag {done.number} ({done.license_year_label}): the {done.kind.value} mark is "
                f"cleared: {done.reason}."
            )
            year = self.chosen_year()
        self.reload(year)
        self.show_history(done.number)

    # finding ------------------------------------------------------------------------
    def _focus_find(self) -> None:
        self.find_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.find_box.selectAll()

    def find_tag(self) -> None:
        try:
            number = parse_tag(self.find_box.text())
        except ValidationError as exc:
            self.history.message.setText(exc.message)
            return
        self.show_history(number)

    def show_history(self, number: int) -> None:
        self.history.show_number(number)

    def _received(self, received: TagsReceived) -> None:
        count = counted(received.count, "tag")
        first, last = (tag_text(n, received.prefix) for n in (received.first, received.last))
        self.say(f"Received tags {first}–{last} ({count}) for {received.license_year_label}.")
        self.reload(received.license_year_start.year)
        self.table.setFocus()

    # labels -------------------------------------------------------------------------
    def print_labels(self) -> None:
        open_labels_dialog(self.ctx, self, self.chosen_year(), on_failure=self._label_failed)

    def calibrate(self) -> None:
        open_calibration_dialog(self.ctx, self, on_failure=self._label_failed)

    def _label_failed(self, exc: Exception) -> None:
        text = failure_text(exc)
        if text is None:
            raise exc
        self.say(text, problem=True)

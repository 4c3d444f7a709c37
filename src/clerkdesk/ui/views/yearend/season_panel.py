"""The season's home, first in the Reports area: licenses sold this year against last year
by week, money by month, the dogs and kennels still due, and the year-end tasks.

It is read off the UI thread (``season_overview``) when it is shown, when money moves
(``ctx.money_events``: a sale, a void) and when a license year is opened; the window never
waits for it."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ClerkDeskError
from clerkdesk.services.season import SeasonOverview, season_overview
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import tell
from clerkdesk.ui.views.yearend.season_charts import MonthlyChart, WeeklyChart
from clerkdesk.ui.views.yearend.tasks import TASKS, YearEndTask
from clerkdesk.ui.views.yearend.years import when_words


class Tile(QWidget):
    """A number large, with what it counts beneath."""

    def __init__(self, caption: str, parent: QWidget) -> None:
        super().__init__(parent)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 12, 0)
        column.setSpacing(0)
        self.number = QLabel("—", self)
        self.number.setObjectName("TileNumber")
        self.caption = QLabel(caption, self)
        self.caption.setObjectName("TileLabel")
        self.caption.setWordWrap(True)
        self.caption.setAccessibleName(caption)
        column.addWidget(self.number)
        column.addWidget(self.caption)
        self._name = caption
        self.setAccessibleName(caption)

    def show_count(self, number: int, caption: str) -> None:
        self.number.setText(f"{number:,}")
        self.caption.setText(caption)
        self.caption.setAccessibleName(caption)
        self.setAccessibleName(f"{caption}: {number:,}")
        self.number.setAccessibleName(f"{caption}: {number:,}")


class SeasonPanel(QWidget):
    read = Signal(object)
    """A ``SeasonOverview`` once shown (tests and screenshots wait for it)."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setAccessibleName("The season")
        self.overview: SeasonOverview | None = None
        self.reading = False
        self._stale = True
        self._again = False
        self.dialog: QDialog | None = None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 8, 0, 0)
        self.heading = QLabel("Reading the season…", self)
        self.heading.setObjectName("SectionCaption")
        self.heading.setAccessibleName("The season")
        self.heading.setWordWrap(True)
        outer.addWidget(self.heading)
        tiles = QHBoxLayout()
        self.sold = Tile("Licenses sold", self)
        tiles.addWidget(self.sold)
        self.dogs_due = Tile("Dogs still due", self)
        self.dogs_renewed = Tile("Dogs renewed", self)
        self.kennels_due = Tile("Kennels due", self)
        self.kennels_renewed = Tile("Kennels renewed", self)
        for tile in (self.dogs_due, self.dogs_renewed, self.kennels_due, self.kennels_renewed):
            tiles.addWidget(tile)
        tiles.addStretch(1)
        outer.addLayout(tiles)
        charts = QGridLayout()
        self.weekly = WeeklyChart(self)
        self.monthly = MonthlyChart(self)
        charts.addWidget(self.weekly.view, 0, 0)
        charts.addWidget(self.monthly.view, 0, 1)
        charts.setColumnStretch(0, 3)
        charts.setColumnStretch(1, 2)
        outer.addLayout(charts, 1)
        self.message = QLabel("", self)
        self.message.setAccessibleName("Season message")
        self.message.setWordWrap(True)
        self.message.setVisible(False)
        outer.addWidget(self.message)
        outer.addLayout(self._task_row())
        ctx.money_events.changed.connect(self.stale)
        ctx.year_events.opened.connect(lambda _year: self.stale())

    def _task_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.task_buttons: dict[str, QPushButton] = {}
        for task in TASKS:
            if not task.open_to(self.ctx.actor):
                continue
            # The keys are the window's (the Year end menu); the button shows them.
            button = QPushButton(f"{task.words}  {task.keys}", self)
            button.setAccessibleName(task.words.removesuffix("…"))
            button.setAutoDefault(False)
            button.clicked.connect(lambda _=False, t=task: self.open_task(t))
            row.addWidget(button)
            self.task_buttons[task.key] = button
        row.addStretch(1)
        return row

    def first_field(self) -> QWidget:
        buttons = list(self.task_buttons.values())
        return buttons[0] if buttons else self.weekly.view

    def open_task(self, task: YearEndTask) -> None:
        self.dialog = task.open(self.ctx, self.window())

    # reading ------------------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def stale(self) -> None:
        """Money moved or a year opened: read again now if shown, else when next shown."""
        self._stale = True
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        if self.reading:
            self._again = True
            return
        self.reading, self._stale, self._again = True, False, False
        database, today = self.ctx.database, self.ctx.clock.today()
        self.ctx.tasks.run(lambda: season_overview(database, on=today), self._shown, self._failed)

    def _shown(self, overview: SeasonOverview) -> None:
        self.reading = False
        self.overview = overview
        today = self.ctx.clock.today()
        self.heading.setText(
            f"License year {overview.year_label} against {overview.last_year_label}, "
            f"as of {when_words(self.ctx.clock.now())}"
        )
        self.sold.show_count(
            overview.licenses_this_year,
            f"Licenses sold for {overview.year_label} "
            f"({overview.licenses_last_year_to_date:,} by now last year)",
        )
        self.dogs_due.show_count(overview.dogs_due, f"Dogs still due for {overview.year_label}")
        self.dogs_renewed.show_count(
            overview.dogs_renewed, f"Dogs renewed for {overview.year_label}"
        )
        self.kennels_due.show_count(overview.kennels_due, "Kennels due")
        self.kennels_renewed.show_count(overview.kennels_renewed, "Kennels renewed")
        self.weekly.show(overview, today)
        self.monthly.show(overview)
        self.message.setVisible(False)
        self.read.emit(overview)
        if self._again:
            self.refresh()

    def _failed(self, exc: Exception) -> None:
        self.reading = False
        if not isinstance(exc, ClerkDeskError):
            raise exc
        self.heading.setText("The season could not be read.")
        tell(
            self.message,
            f"{exc} The figures will be read again when you come back here.",
            problem=True,
        )
        self._stale = True

    @property
    def busy(self) -> bool:
        return self.reading

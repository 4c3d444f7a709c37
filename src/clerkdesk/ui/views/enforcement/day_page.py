"""The officer's day list, the area's first page: dogs held with their days and holding
periods, hearings in the next 14 days, fines past due not yet filed with the court, bars
whose 30-day report is not made, and violations recorded today. Enter on a line opens its
record."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from clerkdesk.errors import ClerkDeskError
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.money import dollars
from clerkdesk.services.enforcement.officer_day import (
    HEARINGS_AHEAD_DAYS,
    OfficerDay,
    officer_day,
)
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.models.rows import RowsModel
from clerkdesk.ui.views.base import empty_state
from clerkdesk.ui.views.enforcement.keys import OPEN_KEYS
from clerkdesk.ui.views.enforcement.offers import ActionButton
from clerkdesk.ui.views.enforcement.tables import (
    DAY_COLUMNS,
    DayLine,
    day_cells,
    moment,
    record_table,
    violation_standing,
)


def day_lines(day: OfficerDay) -> list[DayLine]:
    """The day list's lines, the most pressing kinds first."""
    lines: list[DayLine] = []
    for dog in day.held:
        seven, ten = dog.holding[0], dog.holding[-1]
        lines.append(
            DayLine(
                "impounds",
                dog.impound_id,
                "Dog held",
                dog.label,
                f"{dog.dog} ({dog.owner_name or 'owner not known'})",
                f"{counted(dog.days_held, 'day')} at {dog.held_at}; 7 days end "
                f"{us_date(seven.ends_on)}, 10 days end {us_date(ten.ends_on)}",
                moment(dog.taken_at),
            )
        )
    for hearing in day.hearings:
        lines.append(
            DayLine(
                "hearings",
                hearing.hearing_id,
                "Hearing",
                hearing.label,
                f"{hearing.dog_name} ({hearing.owner_name})",
                hearing.place or "place not set",
                moment(hearing.hearing_at),
            )
        )
    for fine in day.fines_due:
        lines.append(
            DayLine(
                "violations",
                fine.violation_id,
                "Fine past due",
                fine.label,
                fine.owner_name,
                f"{dollars(fine.amount)} unpaid, {counted(fine.days_past, 'day')} past due; "
                "not filed with the court",
                f"pay by {us_date(fine.pay_by)}",
            )
        )
    for bar in day.reports_due:
        late = "overdue" if bar.report_due < day.on else "due"
        lines.append(
            DayLine(
                "hearings",
                bar.hearing_id,
                "Bar to report",
                f"bar {bar.bar_id}",
                bar.owner_name,
                f"order violated {us_date(bar.breached_on)}; the 30-day report to the "
                f"licensing authority is {late}",
                f"by {us_date(bar.report_due)}",
            )
        )
    for violation in day.recorded_today:
        lines.append(
            DayLine(
                "violations",
                violation.id,
                "Recorded today",
                violation.label,
                violation.owner_name,
                # In the bylaw's words, as the notice prints them, not the profile's code.
                f"{violation.description}; {violation_standing(violation)}",
                moment(violation.occurred_at),
            )
        )
    return lines


class DayPage(QWidget):
    """``opened`` carries (tab, record id) for the line Enter was pressed on."""

    opened = Signal(str, int)

    def __init__(
        self, ctx: UiContext, buttons: Sequence[ActionButton], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.loading = 0
        self._reads = 0
        self.day: OfficerDay | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        layout.setSpacing(6)
        top = QHBoxLayout()
        self.summary = QLabel("", self)
        self.summary.setObjectName("ViewHint")
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName("The day in short")
        top.addWidget(self.summary, 1)
        self.open_button = QPushButton(f"Open  {OPEN_KEYS}", self)
        self.open_button.setAccessibleName("Open the chosen line's record")
        self.open_button.setAutoDefault(False)
        self.open_button.clicked.connect(self.open_chosen)
        top.addWidget(self.open_button)
        self.buttons = tuple(buttons)
        for button in self.buttons:
            top.addWidget(button)
        layout.addLayout(top)
        self.empty = empty_state("", self)
        self.empty.setAccessibleName("Nothing waiting")
        self.empty.setVisible(False)
        layout.addWidget(self.empty)
        self.model: RowsModel[DayLine] = RowsModel(DAY_COLUMNS, day_cells, self)
        self.table = record_table(self.model, "The officer's day", self)
        for column, width in enumerate((110, 100, 200, 520)):
            self.table.setColumnWidth(column, width)
        layout.addWidget(self.table, 1)
        self.setFocusProxy(self.table)
        self.table.installEventFilter(self)
        self.table.doubleClicked.connect(lambda _index: self.open_chosen())
        self.failed: Callable[[str], None] = lambda _text: None

    # Qt override: Enter on a line opens its record.
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.table
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self.open_chosen()
            return True
        return super().eventFilter(watched, event)

    def busy(self) -> bool:
        return self.loading > 0

    def open_chosen(self) -> None:
        index = self.table.currentIndex()
        line = self.model.row(index.row()) if index.isValid() else None
        if line is not None and line.record_id is not None:
            self.opened.emit(line.tab, line.record_id)

    def reload(self) -> None:
        database, clock = self.ctx.database, self.ctx.clock
        self._reads += 1
        read = self._reads
        self.loading += 1
        self.ctx.tasks.run(
            lambda: officer_day(database, clock=clock),
            lambda day: self._read(day, read),
            self._failed,
        )

    def _read(self, day: OfficerDay, read: int) -> None:
        self.loading -= 1
        if read != self._reads:
            return
        self.day = day
        row = self.table.currentIndex().row()
        lines = day_lines(day)
        self.model.set_rows(lines)
        self.summary.setText(
            f"{us_date(day.on)}: {counted(len(day.held), 'dog')} held, "
            f"{counted(len(day.hearings), 'hearing')} in the next {HEARINGS_AHEAD_DAYS} days, "
            f"{counted(len(day.fines_due), 'fine')} past due, "
            f"{counted(len(day.reports_due), 'bar')} to report, "
            f"{counted(len(day.recorded_today), 'violation')} recorded today."
        )
        self.empty.setText(
            "Nothing waits today: no dog is held, no hearing is set for the next "
            f"{HEARINGS_AHEAD_DAYS} days, and no fine or report is past due. Record a "
            "violation, take a dog in or file a complaint with the keys on the buttons."
        )
        self.empty.setVisible(not lines)
        self.table.setVisible(bool(lines))
        if lines:
            at = min(max(row, 0), len(lines) - 1)
            self.table.setCurrentIndex(self.model.index(at, 0))
            self.table.selectRow(at)

    def _failed(self, exc: Exception) -> None:
        self.loading -= 1
        if not isinstance(exc, ClerkDeskError):
            raise exc
        self.failed(f"The day list could not be read: {exc}")

"""Columns sized to what they hold, in the width the table has: short columns (a count, a
license number, a date) always whole; the long ones (a kennel's or a keeper's name, the
premises) share what is left by weight, each given way to "…" only when the table is too
narrow for all of it — the cell then says itself whole on hover.

Refitted when the rows change and when the table is resized, so a 1280×800 counter shows
every column, and a wide screen shows the long names whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView
from shiboken6 import Shiboken

# Text is drawn inside a cell's margins (and a header section's).
PADDING = 12
SAMPLED_ROWS = 400


@dataclass(frozen=True)
class Column:
    """``weight`` 0: as wide as its longest text (a short column, never cut). Otherwise it
    gives way down to ``floor`` pixels when room is short and grows by ``weight`` when
    there is room to spare, up to ``ceiling`` (0: no ceiling)."""

    weight: int = 0
    floor: int = 60
    ceiling: int = 0


SHORT = Column()


def _level(give: Callable[[float], list[int]], room: int) -> list[int]:
    """``give(level)`` for the highest level (to well under a pixel) that fits ``room``."""
    low, high = 0.0, float(room)
    for _ in range(40):
        level = (low + high) / 2
        low, high = (level, high) if sum(give(level)) <= room else (low, level)
    return give(low)


def widths(
    typical: Sequence[int], longest: Sequence[int], columns: Sequence[Column], room: int
) -> list[int]:
    """Each column's width for ``room`` pixels: pure, so it is tested without a screen.

    A short column takes its longest text. The long ones share the rest by weight: first
    each is given the width that shows most of its rows whole (``typical``) — if even that
    is more than the room, the widest give way first, none below its floor — then what is
    left goes toward each one's longest text, and then by weight to all."""
    elastic = [n for n, c in enumerate(columns) if c.weight]
    out = [longest[n] for n in range(len(columns))]
    if not elastic:
        return out

    def clamp(n: int, width: int) -> int:
        ceiling = columns[n].ceiling or max(width, columns[n].floor)
        return min(max(width, columns[n].floor), ceiling)

    base = {n: clamp(n, typical[n]) for n in elastic}
    whole = {n: max(base[n], clamp(n, longest[n])) for n in elastic}
    share = room - sum(w for n, w in enumerate(out) if n not in elastic)
    if sum(base.values()) > share:

        def narrower(level: float) -> list[int]:
            return [
                max(columns[n].floor, min(base[n], int(level * columns[n].weight))) for n in elastic
            ]

        given = _level(narrower, share)
    elif sum(whole.values()) > share:

        def wider(level: float) -> list[int]:
            return [min(whole[n], base[n] + int(level * columns[n].weight)) for n in elastic]

        given = _level(wider, share)
    else:
        spare = share - sum(whole.values())
        total = sum(columns[n].weight for n in elastic)
        given = [whole[n] + spare * columns[n].weight // total for n in elastic]
    for n, width in zip(elastic, given, strict=True):
        out[n] = width
    if 0 < room - sum(out) < len(elastic) + 2:  # rounding's last pixels to the widest
        out[max(elastic, key=lambda n: out[n])] += room - sum(out)
    return out


class ColumnFit(QObject):
    """Keeps ``table``'s columns fitted; ``columns`` says each one's kind. ``fitted`` is
    emitted after each fit (a table that wraps its text sizes its rows again then)."""

    fitted = Signal()

    def __init__(
        self, table: QAbstractItemView, columns: Sequence[Column], *, follow_data: bool = True
    ) -> None:
        """``follow_data``: refit whenever a cell changes; a table filled cell by cell calls
        ``fit`` itself once filled instead."""
        super().__init__(table)
        self.table = table
        self.columns = tuple(columns)
        header = self.header
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        table.setTextElideMode(Qt.TextElideMode.ElideRight)
        table.viewport().installEventFilter(self)
        model = table.model()
        for signal in (model.modelReset, model.layoutChanged, model.rowsInserted):
            signal.connect(self.fit)
        if follow_data:
            model.dataChanged.connect(self.fit)
        self.fit()

    @property
    def header(self) -> QHeaderView:
        header = getattr(self.table, "horizontalHeader", None)
        assert header is not None, "a table with a horizontal header"
        found = header()
        assert isinstance(found, QHeaderView)
        return found

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def alive(self) -> bool:
        """False while the table is being torn down (its viewport still sends events)."""
        return Shiboken.isValid(self.table) and Shiboken.isValid(self.table.model())

    def wanted(self) -> tuple[list[int], list[int]]:
        """Each column's (typical, longest) text width in pixels, header included: the
        typical one is what shows all but its few longest rows whole (a name the register
        allows but no screen can hold gives way; the ordinary ones do not)."""
        model = self.table.model()
        metrics = self.table.fontMetrics()
        rows = min(model.rowCount(), SAMPLED_ROWS)
        typical, longest = [], []
        for column in range(len(self.columns)):
            # The header as the style draws it (the stylesheet's bold and padding included).
            titled = self.header.sectionSizeHint(column)
            found = sorted(
                metrics.horizontalAdvance(max(str(text).split("\n"), key=len)) + PADDING
                for row in range(rows)
                if (text := model.index(row, column).data())
            )
            # All but the longest tenth (at least the longest one, of five rows or more).
            spared = max(1, len(found) // 10) if len(found) >= 5 else 0
            most = found[len(found) - 1 - spared] if found else 0
            typical.append(max(titled, most))
            longest.append(max(titled, found[-1] if found else 0))
        return typical, longest

    def fit(self, *_args: object) -> None:
        if not self.alive():
            return
        model = self.table.model()
        if model is None or model.columnCount() != len(self.columns):
            return
        room = self.table.viewport().width()
        if room <= 0:
            return
        typical, longest = self.wanted()
        for column, width in enumerate(widths(typical, longest, self.columns, room)):
            self.header.resizeSection(column, width)
        self.fitted.emit()

"""The status bar's three facts — the license year with next year's state, the drawer, and
who is signed in with their role — laid out so that none of them is cut.

On one line when the bar has room. When it has not, the lesser parts give way first: the
license year's dates (the tooltip keeps them), then the person's name (never "Signed in" or
the role). If that is still not enough — a closed drawer, next year on sale but not opened
and a long user name come together every February — the facts take two lines: the year
above, the drawer and the person below. Each label says its whole text in its accessible
name, and in its tooltip whenever it shows less.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget

from clerkdesk.ui.elide import full_name

# "License year 2026–27 (04/01/2026 – 03/31/2027) · …": the dates are the first to go.
_DATES = re.compile(r" \(\d{2}/\d{2}/\d{4} – \d{2}/\d{2}/\d{4}\)")
# "Signed in: NAME (role)" or "Locked: NAME (role)": only NAME gives way.
_PERSON = re.compile(r"^(?P<head>[^:]+: )(?P<name>.+?)(?P<tail> \([^()]+\))?$")
# A name cut shorter than this no longer says whose it is: the facts take two lines instead.
MIN_NAME_CHARS = 8
SPACING = 6
# Rounded advances and a bold glyph's overhang: the last letter is never shaved.
SLACK = 4


class Fact(QLabel):
    """``setText`` takes the whole fact; the facts' layout chooses what is shown."""

    changed = Signal()

    def __init__(self, text: str, role: str, parent: QWidget) -> None:
        super().__init__(parent)
        self._full = ""
        self._role = role
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(text)

    def setText(self, text: str) -> None:
        self._full = text
        self.setAccessibleName(full_name(self._role, text))
        self.show_text(text)
        self.changed.emit()

    def text(self) -> str:
        """The whole fact, whatever the label has room to show."""
        return self._full

    def shown_text(self) -> str:
        return QLabel.text(self)

    def show_text(self, shown: str) -> None:
        if shown != QLabel.text(self):
            super().setText(shown)
        self.setToolTip(self._full if shown != self._full else "")

    def width_for(self, text: str) -> int:
        """The label's width showing ``text`` (its stylesheet padding included)."""
        metrics = self.fontMetrics()
        padding = QLabel.sizeHint(self).width() - metrics.horizontalAdvance(QLabel.text(self))
        return metrics.horizontalAdvance(text) + max(padding, 0) + SLACK

    def shorter(self) -> str:
        """The fact without its lesser part: a license year's dates."""
        return _DATES.sub("", self._full)

    def squeezed(self, width: int) -> str | None:
        """The shorter fact in ``width``, a person's name cut with "…" and their role whole;
        None when even ``MIN_NAME_CHARS`` of the name would not fit."""
        text = self.shorter()
        if self.width_for(text) <= width:
            return text
        found = _PERSON.match(text)
        if found is None:
            return None
        head, name, tail = found["head"], found["name"], found["tail"] or ""
        metrics = self.fontMetrics()
        room = width - self.width_for(head + tail)
        if room < metrics.horizontalAdvance(name[:MIN_NAME_CHARS] + "…"):
            return None
        return head + metrics.elidedText(name, Qt.TextElideMode.ElideRight, room) + tail

    def cut(self, width: int) -> str:
        """The last resort, narrower than any window the app allows: cut at the end."""
        return self.fontMetrics().elidedText(
            self.shorter(), Qt.TextElideMode.ElideRight, max(width - self.width_for(""), 0)
        )


@dataclass(frozen=True)
class Plan:
    """What each fact shows, on which line, and the size they take together."""

    lines: tuple[tuple[tuple[Fact, str], ...], ...]
    size: QSize


class StatusFacts(QWidget):
    """The year, the drawer and the person, whole; see the module's words for the order in
    which they give way. ``room`` is the width the status bar can spare them."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.year = Fact("License year: …", "License year", self)
        self.drawer = Fact("Drawer: …", "Drawer", self)
        self.person = Fact("Not signed in", "User", self)
        self.room = 10_000
        self.lines = 1
        for fact in (self.year, self.drawer, self.person):
            fact.changed.connect(self.refit)

    def set_room(self, room: int) -> None:
        if room != self.room:
            self.room = room
            self.refit()

    def refit(self) -> None:
        self.updateGeometry()
        self._apply(self.plan(min(self.width(), self.room)))

    def plan(self, room: int) -> Plan:
        year, drawer, person = self.year, self.drawer, self.person
        drawer_text = drawer.text()
        beside = drawer.width_for(drawer_text) + 2 * SPACING
        for year_text in (year.text(), year.shorter()):
            left = room - year.width_for(year_text) - beside
            if person.width_for(person.text()) <= left:
                line = ((year, year_text), (drawer, drawer_text), (person, person.text()))
                return self._plan(line)
        # One line still, with the year's dates gone and the name cut short.
        squeezed = person.squeezed(room - year.width_for(year.shorter()) - beside)
        if squeezed is not None:
            return self._plan(((year, year.shorter()), (drawer, drawer_text), (person, squeezed)))
        # Two lines: the year above, the drawer and the person below.
        if year.width_for(year.text()) <= room:
            top = year.text()
        else:
            top = year.squeezed(room) or year.cut(room)
        left = room - drawer.width_for(drawer_text) - SPACING
        if person.width_for(person.text()) <= left:
            below = person.text()
        else:
            below = person.squeezed(left) or person.cut(left)
        return self._plan(((year, top),), ((drawer, drawer_text), (person, below)))

    def _plan(self, *lines: tuple[tuple[Fact, str], ...]) -> Plan:
        height = max(fact.sizeHint().height() for fact in (self.year, self.drawer, self.person))
        width = max(
            sum(fact.width_for(text) for fact, text in line) + SPACING * (len(line) - 1)
            for line in lines
        )
        return Plan(lines, QSize(width, height * len(lines)))

    def _apply(self, plan: Plan) -> None:
        height = plan.size.height() // len(plan.lines)
        top = max((self.height() - plan.size.height()) // 2, 0)
        for number, line in enumerate(plan.lines):
            x = 0
            for fact, text in line:
                width = fact.width_for(text)
                fact.show_text(text)
                fact.setGeometry(QRect(x, top + number * height, width, height))
                x += width + SPACING
        if len(plan.lines) != self.lines or self.minimumHeight() != plan.size.height():
            self.lines = len(plan.lines)
            # The status bar grows to two lines (and back) by its items' least height.
            self.setMinimumHeight(plan.size.height())

    # Qt overrides keep their camelCase names --------------------------------------------
    def sizeHint(self) -> QSize:
        return self.plan(self.room).size

    def minimumSizeHint(self) -> QSize:
        return QSize(min(self.sizeHint().width(), 240), self.minimumHeight())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._apply(self.plan(self.width()))

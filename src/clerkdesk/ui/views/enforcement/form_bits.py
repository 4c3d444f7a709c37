"""What the area's forms share: a time of day read as the officer writes it, a date and a
time made one moment on the town's clock, and the list of an owner's dogs to tick."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QListWidget, QListWidgetItem, QWidget

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.enforcement.hearing_views import OrderView
from clerkdesk.services.enforcement.officer_picks import PickedDog
from clerkdesk.ui.fields import BadInput, parse_date
from clerkdesk.ui.form_base import FormDialog

_TIME = re.compile(r"^\s*(\d{1,2})(?::?(\d{2}))?\s*([aApP])?\.?\s*[mM]?\.?\s*$")


def parse_time(text: str, field: str) -> dt.time | None:
    """``09:30``, ``9:30``, ``0930``, ``9:30 pm``; blank is None."""
    cleaned = text.strip()
    if not cleaned:
        return None
    match = _TIME.match(cleaned)
    if match is None:
        raise BadInput(f"“{cleaned}” is not a time; write it HH:MM (e.g. 09:30).", field)
    hour, minute = int(match.group(1)), int(match.group(2) or 0)
    half = (match.group(3) or "").lower()
    if half and not 1 <= hour <= 12:
        raise BadInput(f"“{cleaned}” is not a time of day.", field)
    if half == "p" and hour != 12:
        hour += 12
    elif half == "a" and hour == 12:
        hour = 0
    if hour > 23 or minute > 59:
        raise BadInput(f"“{cleaned}” is not a time of day.", field)
    return dt.time(hour, minute)


def town_time_of(day_text: str, time_text: str, day_field: str, time_field: str) -> dt.datetime:
    """The moment a date field and a time field name, on the town's clock; each field's
    problem named by it."""
    try:
        day = parse_date(day_text)
    except BadInput as exc:
        raise BadInput(str(exc), day_field) from None
    if day is None:
        raise BadInput("The date is required (MM/DD/YYYY).", day_field)
    time = parse_time(time_text, time_field)
    if time is None:
        raise BadInput("The time is required (HH:MM).", time_field)
    return dt.datetime.combine(day, time, tzinfo=town_zone())


def day_of(text: str, field: str, *, required: bool = True) -> dt.date | None:
    try:
        day = parse_date(text)
    except BadInput as exc:
        raise BadInput(str(exc), field) from None
    if day is None and required:
        raise BadInput("The date is required (MM/DD/YYYY).", field)
    return day


def caption_at_top(form: FormDialog, *keys: str) -> None:
    """Captions (and messages) level with the first line of a tall field (a finder, a list,
    notes), not centred on the field's default height."""
    for key in keys:
        for part in (form.labels[key], form.messages[key]):
            part.setMinimumHeight(0)
            part.setAlignment(part.alignment() & ~Qt.AlignmentFlag.AlignVCenter
                              | Qt.AlignmentFlag.AlignTop)  # fmt: skip
        form.labels[key].setContentsMargins(0, 4, 0, 0)


class DogChecklist(QListWidget):
    """An owner's dogs, each ticked with Space (none ticked at first, even for one dog:
    Space always ticks, never unticks what the form chose)."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(name)
        self.setFixedHeight(4 * 22 + 8)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)

    def show_dogs(self, dogs: Sequence[PickedDog], ticked: Sequence[int] = ()) -> None:
        self.clear()
        for dog in dogs:
            item = QListWidgetItem(dog.words)
            item.setData(Qt.ItemDataRole.UserRole, dog.dog_id)
            item.setToolTip(dog.words)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            chosen = dog.dog_id in ticked
            item.setCheckState(Qt.CheckState.Checked if chosen else Qt.CheckState.Unchecked)
            self.addItem(item)
        if self.count():
            self.setCurrentRow(0)

    def ticked(self) -> tuple[int, ...]:
        found = []
        for row in range(self.count()):
            item = self.item(row)
            if item is not None and item.checkState() == Qt.CheckState.Checked:
                found.append(int(item.data(Qt.ItemDataRole.UserRole)))
        return tuple(found)


class OrderForm(FormDialog):
    """A form about one of a complaint's orders in force (End order…, Record breach…): the
    order chosen from a list, missing while the complaint has none."""

    order: QComboBox

    def add_order(self, orders: Sequence[OrderView], caption: str) -> None:
        self.order = QComboBox(self)
        for order in orders:
            self.order.addItem(f"{order.words} (from {us_date(order.in_force_from)})", order.id)
        self.add_field("order", caption, self.order, required=True, short="order")

    def missing(self) -> list[str]:
        order = getattr(self, "order", None)
        gaps = super().missing()
        return ["order", *gaps] if order is not None and order.count() == 0 else gaps

    def chosen_order(self) -> int | None:
        """The order's id, or None with the field's message when there is none."""
        order_id = self.order.currentData()
        if order_id is None:
            self.problem("order", "No order is in force on this complaint.")
            return None
        return int(order_id)

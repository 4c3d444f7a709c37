"""Small pieces every area's forms share: amounts, dates, a message beside a field."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal, InvalidOperation

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from clerkdesk.errors import ValidationError
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.money import checked_amount
from clerkdesk.services.checks import quoted

CENT = Decimal("0.01")
_US_DATE = re.compile(r"^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$")
_ISO_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_COMPACT = re.compile(r"^(\d{2})(\d{2})(\d{4})$")


class BadInput(ValueError):
    """Text a field cannot read; the message is for the clerk, ``field`` names the field."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def money(amount: Decimal) -> str:
    return f"{amount:,.2f}"


def parse_amount(text: str) -> Decimal | None:
    cleaned = text.strip().replace("$", "").replace(",", "")
    if not cleaned:
        return None
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise BadInput(f"{quoted(text.strip())} is not an amount (e.g. 14.00).") from None
    if not value.is_finite():
        raise BadInput(f"{quoted(text.strip())} is not an amount in dollars and cents.")
    try:
        # Past what a money column holds (1e308, forty nines), or a third decimal: said
        # here, never rounded or left for the database to refuse.
        return checked_amount(value, quoted(text.strip()))
    except ValidationError as exc:
        raise BadInput(exc.message) from None


def parse_date(text: str) -> dt.date | None:
    """MM/DD/YYYY (as clerks write it), YYYY-MM-DD, or MMDDYYYY; blank is None."""
    cleaned = text.strip()
    if not cleaned:
        return None
    parts: tuple[int, int, int] | None = None
    if match := _US_DATE.match(cleaned) or _COMPACT.match(cleaned):
        parts = (int(match.group(3)), int(match.group(1)), int(match.group(2)))
    elif match := _ISO_DATE.match(cleaned):
        parts = (int(match.group(1)), int(match.group(2)), int(match.group(3)))
    if parts is None:
        raise BadInput(f"{quoted(cleaned)} is not a date; write it MM/DD/YYYY.")
    try:
        return dt.date(*parts)
    except ValueError:
        raise BadInput(f"{quoted(cleaned)} is not a day on the calendar.") from None


def show_date(day: dt.date | None) -> str:
    return "" if day is None else us_date(day)


def message_label(parent: QWidget, name: str) -> QLabel:
    """The message shown beside a field; empty (and so invisible) until there is one."""
    label = QLabel("", parent)
    label.setObjectName("FieldError")
    label.setWordWrap(True)
    label.setAccessibleName(f"Message for {name}")
    label.setVisible(False)
    return label


def say(label: QLabel, text: str) -> None:
    label.setText(text)
    label.setVisible(bool(text))


def tell(label: QLabel, text: str, *, problem: bool) -> None:
    """A label that says both outcomes: a refusal in the field-error red, a success in the
    notice's green."""
    label.setObjectName("FieldError" if problem else "CounterNotice")
    label.setProperty("problem", problem)
    label.style().unpolish(label)
    label.style().polish(label)
    say(label, text)


def line_edit(parent: QWidget, name: str, placeholder: str = "") -> QLineEdit:
    edit = QLineEdit(parent)
    edit.setAccessibleName(name)
    if placeholder:
        edit.setPlaceholderText(placeholder)
    return edit


def button_row(
    parent: QWidget, accept: tuple[str, str], reject: tuple[str, str]
) -> tuple[QHBoxLayout, QPushButton, QPushButton]:
    """The main button (the default, on Enter) and the way back (Esc), right-aligned; each
    pair is (text with its key, accessible name). Connect their ``clicked`` yourself."""
    row = QHBoxLayout()
    row.addStretch(1)
    main = QPushButton(accept[0], parent)
    main.setDefault(True)
    main.setAccessibleName(accept[1])
    back = QPushButton(reject[0], parent)
    back.setAutoDefault(False)
    back.setAccessibleName(reject[1])
    row.addWidget(main)
    row.addWidget(back)
    return row, main, back

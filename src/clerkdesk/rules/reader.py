"""Reading a parsed TOML table while collecting every problem, each naming its key path.

A :class:`Reader` never raises for bad data: it records a problem and returns ``None`` (or
the default) so loading can go on and report everything at once. Keys a reader never looked
at are reported as unknown when it is finished, which catches misspelt keys.

Every text value is text (``rules.clean_text``): Unicode made NFC and zero-width characters
dropped silently; an escape, a right-to-left override or another control character is a
problem naming its key, and so is a line break or a tab except in the few values of several
lines (``lines=True``: a certificate's conditions, a final notice's words), which are folded
to one line where they are used. A profile stored by an earlier version that holds one
still loads: the problem is a warning (``warnings``) and the value is kept with the
character shown escaped (``\\x1b``), never raw.
"""

from __future__ import annotations

import datetime as dt
import difflib
import json
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import TypeVar

from clerkdesk.errors import ValidationError
from clerkdesk.rules.clean_text import clean_text, printable
from clerkdesk.rules.license_year import MonthDay
from clerkdesk.rules.money import cents

T = TypeVar("T", bound=str)
MAX_AMOUNT = Decimal("999999.99")
"""No fee, fine or cap a town profile sets comes near this; larger numbers are typing slips
(and ``1e999999`` would not fit an amount of money at all)."""


class Reader:
    def __init__(
        self,
        data: Mapping[str, object],
        path: str,
        problems: list[str],
        warnings: list[str] | None = None,
    ) -> None:
        """``warnings``: where a text value's refused character goes in a stored profile
        (None: it is a problem, as when a profile is checked or saved)."""
        self.data = data
        self.path = path
        self.problems = problems
        self.warnings = warnings
        self._seen: set[str] = set()
        for key in data:
            # A key names a fee or an account on receipts and reports: text too.
            if isinstance(key, str) and not (key.isascii() and key.isprintable()):
                self.clean(key, key, what=f"{self.key_path(printable(key))} (a key)")

    # -- plumbing ------------------------------------------------------------------------
    def key_path(self, key: str | None = None) -> str:
        if key is None:
            return self.path or "(top level)"
        return f"{self.path}.{key}" if self.path else key

    def problem(self, key: str | None, message: str) -> None:
        self.problems.append(f"{self.key_path(key)}: {message}")

    def clean(self, value: str, key: str, *, lines: bool = False, what: str | None = None) -> str:
        """``value`` as text is kept (``rules.clean_text``); a refused character is a problem
        naming the key (a warning in a stored profile, the value then shown escaped)."""
        if value.isascii() and value.isprintable():
            return value  # nearly every value: nothing to clean, at the speed of a check
        try:
            return clean_text(value, what or self.key_path(key), lines=lines)
        except ValidationError as bad:
            if self.warnings is None:
                self.problems.append(bad.message)
                return value
            self.warnings.append(bad.message)
            return printable(value, lines=lines)

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str) -> object | None:
        self._seen.add(key)
        return self.data.get(key)

    def finish(self) -> None:
        for key in self.data:
            if key not in self._seen:
                self.problem(key, f"unknown key{nearest(key, sorted(self._seen))}")

    # -- scalars -------------------------------------------------------------------------
    def string(
        self, key: str, default: str | None = None, *, required: bool = False, lines: bool = False
    ) -> str | None:
        """The text at ``key``, cleaned (``clean``); ``lines``: it may hold line breaks."""
        value = self.raw(key)
        if value is None:
            if required:
                self.problem(key, "is required (text)")
            return default
        if not isinstance(value, str):
            self.problem(key, f"must be text, not {_kind(value)}")
            return default
        value = self.clean(value, key, lines=lines)
        if required and not value.strip():
            self.problem(key, "must not be empty")
        return value

    def text(self, key: str, default: str = "") -> str:
        return self.string(key, default) or default

    def citation(self, default: str = "") -> str:
        return self.text("citation", default)

    def choice(self, key: str, choices: Sequence[T], default: T | None = None) -> T | None:
        value = self.raw(key)
        if value is None:
            if default is None:
                self.problem(key, f"is required (one of {_listed(choices)})")
            return default
        for choice in choices:
            if value == choice:
                return choice
        self.problem(key, f"must be one of {_listed(choices)}, not {typed(value)}")
        return default

    def boolean(self, key: str, default: bool) -> bool:
        value = self.raw(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            self.problem(key, f"must be true or false, not {_kind(value)}")
            return default
        return value

    def integer(
        self,
        key: str,
        *,
        required: bool = False,
        minimum: int = 0,
        maximum: int = 100_000,
        default: int | None = None,
    ) -> int | None:
        value = self.raw(key)
        if value is None:
            if required:
                self.problem(key, "is required (a whole number)")
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(key, f"must be a whole number, not {_kind(value)}")
            return default
        if value < minimum:
            self.problem(key, f"must be {minimum} or more, not {value}")
            return default
        if value > maximum:
            self.problem(key, f"must be {maximum:,} or less, not {value}")
            return default
        return value

    def money(self, key: str, *, required: bool = False) -> Decimal | None:
        value = self.raw(key)
        if value is None:
            if required:
                self.problem(key, "is required (an amount such as 15.00)")
            return None
        return self.money_value(value, key)

    def money_value(self, value: object, key: str) -> Decimal | None:
        amount: Decimal
        if isinstance(value, bool):
            self.problem(key, "must be an amount such as 15.00, not true/false")
            return None
        if isinstance(value, Decimal | int):
            amount = Decimal(value)
        elif isinstance(value, str):
            try:
                amount = Decimal(value.strip().removeprefix("$"))
            except InvalidOperation:
                self.problem(key, f"{typed(value)} is not an amount such as 15.00")
                return None
        else:
            self.problem(key, f"must be an amount such as 15.00, not {_kind(value)}")
            return None
        if not amount.is_finite():
            self.problem(key, f"must be an amount such as 15.00, not {typed(value)}")
            return None
        if abs(amount) > MAX_AMOUNT:
            self.problem(key, f"{typed(value)} is too large: amounts go up to {MAX_AMOUNT:,}")
            return None
        if amount < 0:
            self.problem(key, f"must not be negative ({typed(value)})")
            return None
        if amount != cents(amount):
            self.problem(key, f"{typed(value)} has more than two decimal places")
            return None
        return cents(amount)

    def month_day(self, key: str, *, required: bool = False) -> MonthDay | None:
        value = self.raw(key)
        if value is None:
            if required:
                self.problem(key, 'is required (a month and day such as "06-01")')
            return None
        if not isinstance(value, str):
            self.problem(
                key, f'must be a month and day in quotes such as "06-01", not {typed(value)}'
            )
            return None
        try:
            return MonthDay.parse(value)
        except ValueError as exc:
            self.problem(key, str(exc))
            return None

    def date(self, key: str, *, required: bool = False) -> dt.date | None:
        value = self.raw(key)
        if value is None:
            if required:
                self.problem(key, "is required (a date such as 2026-04-01)")
            return None
        if isinstance(value, dt.datetime):
            self.problem(key, "must be a date without a time, such as 2026-04-01")
            return None
        if isinstance(value, dt.date):
            return value
        if isinstance(value, str):
            try:
                return dt.date.fromisoformat(value)
            except ValueError:
                pass
        self.problem(key, f"must be a date such as 2026-04-01, not {typed(value)}")
        return None

    def string_list(self, key: str) -> tuple[str, ...] | None:
        value = self.raw(key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(key, 'must be a list of text, such as ["check", "money_order"]')
            return None
        return tuple(self.clean(str(v), f"{key}[{i}]") for i, v in enumerate(value))

    def money_list(self, key: str, *, required: bool = False) -> tuple[Decimal, ...]:
        value = self.raw(key)
        if value is None:
            if required:
                self.problem(key, "is required (a list of amounts such as [50.00, 100.00])")
            return ()
        if not isinstance(value, list) or not value:
            self.problem(key, "must be a non-empty list of amounts such as [50.00, 100.00]")
            return ()
        amounts = [self.money_value(v, f"{key}[{i}]") for i, v in enumerate(value)]
        return tuple(a for a in amounts if a is not None)

    # -- tables --------------------------------------------------------------------------
    def table(self, key: str, *, required: bool = False) -> Reader | None:
        value = self.raw(key)
        if value is None:
            if required:
                self.problem(key, "is required (a table)")
            return None
        if not isinstance(value, dict):
            self.problem(key, f"must be a table, not {_kind(value)}")
            return None
        return Reader(value, self.key_path(key), self.problems, self.warnings)

    def tables(self, key: str) -> list[Reader]:
        """An array of tables (``[[key]]`` or ``key = [{…}, …]``)."""
        value = self.raw(key)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.problem(key, "must be a list of tables")
            return []
        return [
            Reader(v, f"{self.key_path(key)}[{i}]", self.problems, self.warnings)
            for i, v in enumerate(value)
        ]

    def named_tables(self, key: str) -> list[tuple[str, Reader]]:
        """A table of tables keyed by name (``[key.NAME]``)."""
        table = self.table(key)
        if table is None:
            return []
        found: list[tuple[str, Reader]] = []
        for name in list(table.data):
            sub = table.table(name)
            if sub is not None:
                found.append((name, sub))
        return found


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | Decimal):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {typed(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, dt.date | dt.time):
        return f"the date or time {typed(value)}"
    return type(value).__name__


def nearest(key: str, valid: Sequence[str]) -> str:
    """``; did you mean "citation"?`` (the valid key closest to a misspelt one), or the
    valid keys when none is close."""
    close = difflib.get_close_matches(key, valid, n=1, cutoff=0.6)
    if close:
        return f'; did you mean "{close[0]}"?'
    return f" (valid here: {', '.join(valid)})" if valid else ""


def _listed(choices: Sequence[str]) -> str:
    return ", ".join(f'"{c}"' for c in choices)


def typed(value: object) -> str:
    """``value`` as it is written in a profile (TOML), never a Python repr: ``"text"``,
    ``2026-06-01``, ``15.00``, ``true``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "-inf" if value < 0 else "inf"
        return str(value).replace("E+", "e").replace("E", "e")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(typed(v) for v in value) + "]"
    if isinstance(value, dict):
        return "a table"
    return str(value)

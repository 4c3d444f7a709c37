"""A close-out or a period lock dated outside the office's years is refused in one line
before anything is posted: 01/01/0001, 9999-12, or before the office's money began."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from clerkdesk.errors import ValidationError
from clerkdesk.models import Closeout, LedgerEntry, PeriodLock
from clerkdesk.services.closeout import close_out
from clerkdesk.services.office_years import first_money_day
from clerkdesk.services.periods import lock_period
from small_town import CLERK, Town


def _posted(town: Town) -> tuple[int, ...]:
    with town.database.read() as session:
        return tuple(
            session.scalar(select(func.count()).select_from(t)) or 0
            for t in (LedgerEntry, Closeout, PeriodLock)
        )


def test_the_office_money_begins_with_its_first_receipt_or_license_year(town: Town) -> None:
    with town.database.read() as session:
        # Last spring's sale (05/01/2025) comes before the 2026–27 year the rules were saved in.
        assert first_money_day(session) == dt.date(2025, 5, 1)


@pytest.mark.parametrize(
    ("day", "says"),
    [
        (dt.date(1, 1, 1), "outside the office's years"),
        (dt.date(1950, 1, 2), r"before the office's money begins in ClerkDesk \(05/01/2025\)"),
        (dt.date(2025, 4, 30), "before the office's money begins"),
    ],
)
def test_a_close_out_outside_the_office_years_is_refused(
    town: Town, day: dt.date, says: str
) -> None:
    before = _posted(town)
    with pytest.raises(ValidationError, match=says):
        close_out(town.database, day, Decimal("0"), actor=CLERK, clock=town.clock)
    assert _posted(town) == before


@pytest.mark.parametrize(
    ("month", "says"),
    [
        ("9999-12", "outside the office's years"),
        ("1900-01", "before the office's money begins"),
        ("2025-04", "before the office's money begins"),
    ],
)
def test_a_lock_outside_the_office_years_is_refused(town: Town, month: str, says: str) -> None:
    before = _posted(town)
    with pytest.raises(ValidationError, match=says):
        lock_period(town.database, month, "TR-1", actor=CLERK, clock=town.clock)
    assert _posted(town) == before

"""The season at a glance: licenses sold this license year against last, week by week;
money taken month by month; the dogs and kennels still due and those renewed.

Weeks are counted from each license year's first day, so week 0 of this year sits beside
week 0 of last year whatever the weekday; an early sale falls in the weeks before 0. Every
figure is a GROUP BY or a count in the database; sales and money come back by day (a few
hundred rows at most) and are put into weeks and months here.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy import exists, func, select
from sqlalchemy.orm import Session, aliased
from sqlalchemy.sql.expression import Exists

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    Kennel,
    KennelLicense,
    KennelStatus,
    License,
    LicenseStatus,
    Receipt,
    ReceiptVoid,
)
from clerkdesk.rules.license_year import LicenseYear, add_months
from clerkdesk.services.ledger_sums import cents as _cents
from clerkdesk.services.ledger_sums import money as _money
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.unlicensed import not_renewed_dogs

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class WeekCount:
    week_start: dt.date
    """The first day of the week in this license year (its first week starts on its
    first day)."""
    this_year: int
    last_year: int
    week: int = 0
    """Weeks from the license year's first day: 0 is its first week, -1 the week before."""


@dataclass(frozen=True)
class MonthMoney:
    month: str
    """"YYYY-MM"."""
    amount: Decimal
    """Receipts of the month less the voids posted in it."""
    last_year: Decimal = ZERO
    """The same month a year before."""


@dataclass(frozen=True)
class SeasonOverview:
    year_label: str
    last_year_label: str
    weekly: tuple[WeekCount, ...]
    monthly_money: tuple[MonthMoney, ...]
    dogs_due: int
    """Licensed last year, not renewed, still active (the unlicensed list's dogs)."""
    dogs_renewed: int
    """Licensed last year and again this year."""
    kennels_due: int
    kennels_renewed: int
    on: dt.date | None = None
    year: int = 0
    licenses_this_year: int = 0
    """Every license sold for this year so far (new dogs too), none voided."""
    licenses_last_year_to_date: int = 0
    """Last year's licenses sold by the same week of its year."""
    licenses_last_year: int = 0


def _week(year: LicenseYear, day: dt.date) -> int:
    return (day - year.start).days // 7


def _sales_by_day(session: Session, year: LicenseYear) -> dict[dt.date, int]:
    """Licenses sold for ``year`` by the business day of their receipt: a transfer or a
    replacement is not a sale, and a voided one never happened."""
    rows = session.execute(
        select(Receipt.business_day, func.count(License.id))
        .join(Receipt, Receipt.id == License.receipt_id)
        .where(
            License.license_year_start == year.start,
            License.status != LicenseStatus.VOID,
            License.replaces_license_id.is_(None),
        )
        .group_by(Receipt.business_day)
    )
    return {day: int(n) for day, n in rows}


def _money_by_day(
    session: Session, first: dt.date, last: dt.date, dialect: str
) -> dict[dt.date, Decimal]:
    """Receipts' totals by business day, less the voids posted on each day."""
    taken = session.execute(
        select(Receipt.business_day, _cents(Receipt.total, dialect))
        .where(Receipt.business_day >= first, Receipt.business_day <= last)
        .group_by(Receipt.business_day)
    )
    voided = session.execute(
        select(ReceiptVoid.business_day, _cents(Receipt.total, dialect))
        .join(Receipt, Receipt.id == ReceiptVoid.receipt_id)
        .where(ReceiptVoid.business_day >= first, ReceiptVoid.business_day <= last)
        .group_by(ReceiptVoid.business_day)
    )
    cents: dict[dt.date, int] = defaultdict(int)
    for day, amount in taken:
        cents[day] += round(amount or 0)
    for day, amount in voided:
        cents[day] -= round(amount or 0)
    return {day: _money(c) for day, c in cents.items()}


def _weekly(
    this: LicenseYear, last: LicenseYear, on: dt.date, session: Session
) -> tuple[tuple[WeekCount, ...], int, int, int]:
    now_sales = _sales_by_day(session, this)
    then_sales = _sales_by_day(session, last)
    now_weeks: dict[int, int] = defaultdict(int)
    then_weeks: dict[int, int] = defaultdict(int)
    for day, n in now_sales.items():
        now_weeks[_week(this, day)] += n
    for day, n in then_sales.items():
        then_weeks[_week(last, day)] += n
    upto = _week(this, on)
    first = min([0, upto, *now_weeks, *(w for w in then_weeks if w <= upto)])
    weeks = tuple(
        WeekCount(this.start + dt.timedelta(weeks=w), now_weeks[w], then_weeks[w], w)
        for w in range(first, upto + 1)
    )
    to_date = sum(n for w, n in then_weeks.items() if w <= upto)
    return weeks, sum(now_sales.values()), to_date, sum(then_sales.values())


def _months(
    this: LicenseYear, on: dt.date, session: Session, early_days: int | None
) -> tuple[MonthMoney, ...]:
    """From the month the year's sales began (its early sale, where the town has one)."""
    dialect = session.get_bind().dialect.name
    opens = this.start - dt.timedelta(days=early_days or 0)
    first = opens.replace(day=1)
    if on < first:
        return ()
    a_year_before = add_months(first, -12)
    now = _money_by_day(session, first, on, dialect)
    then = _money_by_day(session, a_year_before, add_months(on, -12), dialect)
    by_month: dict[str, Decimal] = defaultdict(lambda: ZERO)
    before: dict[str, Decimal] = defaultdict(lambda: ZERO)
    for day, amount in now.items():
        by_month[f"{day:%Y-%m}"] += amount
    for day, amount in then.items():
        before[f"{add_months(day.replace(day=1), 12):%Y-%m}"] += amount
    months: list[MonthMoney] = []
    month = first
    while month <= on:
        key = f"{month:%Y-%m}"
        months.append(MonthMoney(key, by_month[key], before[key]))
        month = add_months(month, 1)
    return tuple(months)


def _dogs_renewed(session: Session, this: LicenseYear, last: LicenseYear) -> int:
    before = aliased(License)
    return int(
        session.scalar(
            select(func.count(func.distinct(License.dog_id))).where(
                License.license_year_start == this.start,
                License.status != LicenseStatus.VOID,
                exists(
                    select(before.id).where(
                        before.dog_id == License.dog_id,
                        before.license_year_start == last.start,
                        before.status != LicenseStatus.VOID,
                    )
                ),
            )
        )
        or 0
    )


def _kennels(session: Session, this: LicenseYear, last: LicenseYear) -> tuple[int, int]:
    """(due, renewed): active kennels licensed last year, not yet / again this year."""

    def licensed(year: LicenseYear) -> Exists:
        return exists(
            select(KennelLicense.id).where(
                KennelLicense.kennel_id == Kennel.id,
                KennelLicense.license_year_start == year.start,
                KennelLicense.status != LicenseStatus.VOID,
            )
        )

    def count(*where: Any) -> int:
        found = select(func.count(Kennel.id)).where(Kennel.status == KennelStatus.ACTIVE, *where)
        return int(session.scalar(found) or 0)

    held = count(licensed(last))
    renewed = count(licensed(last), licensed(this))
    return held - renewed, renewed


def season_in(session: Session, *, on: dt.date, year: int | None = None) -> SeasonOverview:
    """:func:`season_overview` inside the caller's transaction."""
    profile = profile_in_force(session)
    this = (
        profile.license_year_containing(on)
        if year is None
        else profile.license_year_starting_in(year)
    )
    last = profile.license_year_starting_in(this.starts_in - 1)
    weekly, sold, to_date, last_total = _weekly(this, last, on, session)
    rolling = profile.license_year_rule.rolling
    due = not_renewed_dogs(last, this, on, rolling=rolling).subquery()
    kennels_due, kennels_renewed = _kennels(session, this, last)
    return SeasonOverview(
        year_label=this.label,
        last_year_label=last.label,
        weekly=weekly,
        monthly_money=_months(this, on, session, profile.license_year_rule.early_sale_days),
        dogs_due=int(session.scalar(select(func.count()).select_from(due)) or 0),
        dogs_renewed=_dogs_renewed(session, this, last),
        kennels_due=kennels_due,
        kennels_renewed=kennels_renewed,
        on=on,
        year=this.starts_in,
        licenses_this_year=sold,
        licenses_last_year_to_date=to_date,
        licenses_last_year=last_total,
    )


def season_overview(database: Database, *, on: dt.date, year: int | None = None) -> SeasonOverview:
    """The season of the license year containing ``on`` (or starting in ``year``: next
    year's, during its early sale), as of ``on``."""
    if year is not None and not 1901 <= year <= 9998:
        raise ValidationError(f"{year} is not a license year.", field="year")
    with database.read() as session:
        return season_in(session, on=on, year=year)

"""The season overview's figures, exactly: weekly sales beside last year's, money by month
less voids, dogs and kennels due and renewed."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.services import voids
from clerkdesk.services.season import MonthMoney, season_overview
from year_support import CLERK, Season, at, season_town, sell

AFTER_DUE = dt.date(2026, 6, 1)


@pytest.fixture
def season(database: Database) -> Season:
    return season_town(database)


def test_counts_of_dogs_and_kennels(season: Season) -> None:
    overview = season_overview(season.database, on=AFTER_DUE)
    assert (overview.year_label, overview.last_year_label, overview.year) == (
        "2026–27",
        "2025–26",
        2026,
    )
    # due: Ziggy, Daisy, Rex, Max; renewed: Bella; kennels: Birch Hollow due, Maple Hill renewed
    assert (overview.dogs_due, overview.dogs_renewed) == (4, 1)
    assert (overview.kennels_due, overview.kennels_renewed) == (1, 1)


def test_weekly_sales_align_by_week_of_the_license_year(season: Season) -> None:
    overview = season_overview(season.database, on=AFTER_DUE)
    weeks = {w.week: w for w in overview.weekly}
    # from the early sale's week (Newbie, 02/20/2026, six weeks before April 1) to June 1's
    assert min(weeks) == -6 and max(weeks) == 8
    assert [w.week for w in overview.weekly] == list(range(-6, 9))
    assert weeks[-6].week_start == dt.date(2026, 2, 18)
    assert (weeks[-6].this_year, weeks[-6].last_year) == (1, 0)
    # Bella on 05/05/2026 sits beside last year's nine sales of 05/01/2025 (Ghost voided)
    assert weeks[4].week_start == dt.date(2026, 4, 29)
    assert (weeks[4].this_year, weeks[4].last_year) == (1, 9)
    assert sum(w.this_year for w in overview.weekly) == overview.licenses_this_year == 2
    assert overview.licenses_last_year_to_date == overview.licenses_last_year == 9


def test_money_by_month_is_receipts_less_voids(season: Season) -> None:
    overview = season_overview(season.database, on=AFTER_DUE)
    zero = Decimal("0.00")
    # from January 2026, the month the early sale opened (01/31/2026)
    assert overview.monthly_money == (
        MonthMoney("2026-01", zero, zero),
        MonthMoney("2026-02", Decimal("10.00"), zero),
        MonthMoney("2026-03", zero, zero),
        MonthMoney("2026-04", zero, zero),
        # Bella's renewal; a year before, ten licenses (one intact: 15.00) less Ghost's void
        MonthMoney("2026-05", Decimal("10.00"), Decimal("95.00")),
        MonthMoney("2026-06", zero, zero),
    )


def test_a_void_counts_in_the_month_it_is_posted(season: Season) -> None:
    # GIVEN Rex renewed on June 2 (15.00 plus the late fee: 3.00 and 1.00 for the week)
    receipt = sell(season.database, season.owners["Jane"], season.dogs["Rex"], dt.date(2026, 6, 2))
    july = dt.date(2026, 7, 1)
    overview = season_overview(season.database, on=july)
    june = {m.month: m for m in overview.monthly_money}["2026-06"]
    assert june.amount == Decimal("19.00")
    assert (overview.dogs_due, overview.dogs_renewed) == (3, 2)
    # WHEN it is voided in July
    voids.void_receipt(season.database, receipt, "wrong dog", actor=CLERK, clock=at(july))
    overview = season_overview(season.database, on=july)
    months = {m.month: m.amount for m in overview.monthly_money}
    # THEN June keeps what it took; July gives it back
    assert (months["2026-06"], months["2026-07"]) == (Decimal("19.00"), Decimal("-19.00"))
    assert (overview.dogs_due, overview.dogs_renewed) == (4, 1)


def test_next_years_season_during_its_early_sale(season: Season) -> None:
    overview = season_overview(season.database, on=dt.date(2027, 2, 10), year=2027)
    assert (overview.year_label, overview.last_year_label) == ("2027–28", "2026–27")
    # Bella and Newbie (licensed for 2026–27) are due for 2027–28
    assert (overview.dogs_due, overview.dogs_renewed) == (2, 0)
    # February 10 is 50 days before April 1: the eighth week before it
    assert [w.week for w in overview.weekly] == [-8]


def test_a_bad_year_is_refused(season: Season) -> None:
    with pytest.raises(ValidationError):
        season_overview(season.database, on=AFTER_DUE, year=0)

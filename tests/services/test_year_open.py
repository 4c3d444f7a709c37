"""Opening a license year: what it checks, what it records once, and that running it again
(or at two workstations at once) changes nothing."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from actors import staff
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import AuditEntry, LicenseYearOpening, TagStock
from clerkdesk.rules.roles import Role
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.year_open import (
    TagRange,
    license_years_shown,
    open_license_year,
    year_readiness,
)
from services.year_workstations import open_at_once
from year_support import CLERK, Season, all_rows, at, season_town

ON = dt.date(2027, 1, 15)
"""Mid-January 2027: 2026–27 is this year; 2027–28 goes on sale 01/31/2027."""


@pytest.fixture
def season(database: Database) -> Season:
    return season_town(database)


def test_readiness_lists_the_fees_the_early_sale_and_the_missing_tags(season: Season) -> None:
    # GIVEN no tags yet received for 2027–28
    ready = year_readiness(season.database, 2027, on=ON)

    # THEN the schedule in force, its fees and the early sale are shown; no tags blocks
    assert (ready.year_label, ready.start, ready.end) == (
        "2027–28",
        dt.date(2027, 4, 1),
        dt.date(2028, 3, 31),
    )
    assert ready.schedule_effective == dt.date(2004, 4, 1)
    assert ("Dog, spayed/neutered", Decimal("10.00")) in ready.fee_lines
    assert ("Dog, not spayed/neutered", Decimal("15.00")) in ready.fee_lines
    assert ("Late fee from 06/01/2027, then 1.00 a week", Decimal("3.00")) in ready.fee_lines
    assert ready.early_sale_from == dt.date(2027, 1, 31)
    assert ready.due_date == dt.date(2027, 4, 1)
    assert ready.tags_on_hand == 0
    # (in words for the screen: the command line adds its own ``--tags``)
    assert ready.problems == (
        "No tags on hand for 2027–28: receive the year's tags in Tags (F5) → Receive tags… first.",
    )
    # Westborough's early sale is an example value the clerk has not confirmed
    assert (
        "“Next year on sale” in the town rules is an example value, not yet confirmed by the "
        "clerk: check it against the bylaw under Settings → Town rules before selling."
    ) in ready.warnings
    assert not ready.opened and not ready.ready


def test_opening_with_tags_records_the_year_once(season: Season) -> None:
    # WHEN the clerk opens 2027–28, receiving tags 1–500 in the same step
    opened = open_license_year(
        season.database, 2027, actor=CLERK, clock=at(ON), tags=TagRange(1, 500, "invoice 77")
    )

    # THEN the year is recorded as opened with what it opened with
    assert opened.created
    assert opened.tags_received is not None and opened.tags_received.count == 500
    assert opened.readiness.tags_on_hand == 500
    assert opened.readiness.opened_by == "clerk"
    assert opened.readiness.opened_words == "opened 01/15/2027 by clerk"
    with season.database.read() as session:
        row = session.scalars(select(LicenseYearOpening)).one()
        assert (row.license_year_label, row.schedule_effective, row.early_sale_from) == (
            "2027–28",
            dt.date(2004, 4, 1),
            dt.date(2027, 1, 31),
        )
        assert row.tags_on_hand == 500
        # the audit trail records the opening with who made it
        entry = session.scalars(
            select(AuditEntry).where(AuditEntry.table_name == "license_year_opening")
        ).one()
        assert (entry.action, entry.user_name) == ("insert", "clerk")
    assert year_readiness(season.database, 2027, on=ON).opened_words == (
        "opened 01/15/2027 by clerk"
    )


def test_opening_twice_changes_nothing_the_second_time(season: Season) -> None:
    # GIVEN 2027–28 opened with its tags
    open_license_year(season.database, 2027, actor=CLERK, clock=at(ON), tags=TagRange(1, 500))
    before = all_rows(season.database)

    # WHEN another clerk opens it again a week later, even naming tags again
    again = open_license_year(
        season.database,
        2027,
        actor=staff("ann"),
        clock=at(ON + dt.timedelta(days=7)),
        tags=TagRange(501, 600),
    )

    # THEN nothing at all was written, and the answer says when and by whom it was opened
    assert not again.created
    assert again.tags_received is None
    assert again.readiness.opened_words == "opened 01/15/2027 by clerk"
    assert all_rows(season.database) == before


def test_a_year_that_cannot_open_writes_nothing(season: Season) -> None:
    before = all_rows(season.database)
    # no tags on hand
    with pytest.raises(ValidationError, match="No tags on hand for 2027–28"):
        open_license_year(season.database, 2027, actor=CLERK, clock=at(ON))
    # tags that overlap none, but the year is too far ahead: the tags are not kept either
    with pytest.raises(ValidationError, match="more than a year ahead"):
        open_license_year(season.database, 2028, actor=CLERK, clock=at(ON), tags=TagRange(1, 9))
    # a past year
    with pytest.raises(ValidationError, match="ended on 03/31/2026"):
        open_license_year(season.database, 2025, actor=CLERK, clock=at(ON))
    # a bad range of tags
    with pytest.raises(ValidationError):
        open_license_year(season.database, 2027, actor=CLERK, clock=at(ON), tags=TagRange(9, 1))
    # nonsense years
    for year in (0, -1, 99999):
        with pytest.raises(ValidationError, match="is not a license year"):
            open_license_year(season.database, year, actor=CLERK, clock=at(ON))
    assert all_rows(season.database) == before


def test_tags_that_overlap_the_years_stock_are_refused_and_the_year_stays_closed(
    season: Season,
) -> None:
    # GIVEN 2026–27 holds tags 1–100: opening it while receiving 50–150 is refused whole
    before = all_rows(season.database)
    with pytest.raises(ValidationError, match="overlaps"):
        open_license_year(season.database, 2026, actor=CLERK, clock=at(ON), tags=TagRange(50, 150))
    assert all_rows(season.database) == before


def test_this_year_opens_too_and_says_what_was_sold_before(season: Season) -> None:
    # 2026–27 was selling before ClerkDesk opened it (its early sale and the spring)
    ready = year_readiness(season.database, 2026, on=ON)
    assert ready.ready
    assert ready.licenses_sold == 2
    assert "2 licenses for 2026–27 were sold before it was opened." in ready.warnings
    assert open_license_year(season.database, 2026, actor=CLERK, clock=at(ON)).created


@pytest.mark.parametrize(
    "role", [Role.ASSISTANT_CLERK, Role.ANIMAL_CONTROL, Role.TREASURER], ids=lambda r: r.value
)
def test_only_a_clerk_or_the_administrator_opens_a_year(season: Season, role: Role) -> None:
    before = all_rows(season.database)
    with pytest.raises(PermissionDenied, match="may not open a license year"):
        open_license_year(
            season.database, 2027, actor=staff("x", role), clock=at(ON), tags=TagRange(1, 5)
        )
    assert all_rows(season.database) == before
    admin = staff("boss", Role.ADMINISTRATOR)
    assert open_license_year(
        season.database, 2027, actor=admin, clock=at(ON), tags=TagRange(1, 5)
    ).created


def test_two_workstations_opening_at_once_make_one_record(season: Season) -> None:
    # GIVEN the year's tags received
    database = season.database
    open_license_year  # noqa: B018 - the workstations call it in their own processes
    from clerkdesk.services.tags import receive_stock

    receive_stock(database, dt.date(2027, 4, 1), 1, 300, actor=CLERK, clock=at(ON))
    url = database.url.render_as_string(hide_password=False)

    # WHEN three workstations open 2027–28 at the same moment
    outcomes = open_at_once(url, at(ON).now(), 2027, stations=3)

    # THEN one opened it, the others found it open; nobody saw an error
    kinds = sorted(kind for _station, kind, _detail in outcomes)
    assert kinds == ["created", "found", "found"], outcomes
    with database.read() as session:
        assert session.scalar(select(func.count(LicenseYearOpening.id))) == 1
        assert session.scalar(select(func.count(TagStock.id))) == 5


def test_the_years_shown_follow_the_opening_and_the_early_sale(season: Season) -> None:
    database = season.database
    # before next year is opened or on sale, only this year is named
    shown = license_years_shown(database, on=ON)
    assert (shown.current_label, shown.next_label, shown.next_opened, shown.next_on_sale) == (
        "2026–27",
        None,
        False,
        False,
    )
    assert shown.next_on_sale_from == dt.date(2027, 1, 31)
    assert shown.words == "License year 2026–27"
    # opened: named, not yet on sale
    open_license_year(database, 2027, actor=CLERK, clock=at(ON), tags=TagRange(1, 50))
    shown = license_years_shown(database, on=ON)
    assert (shown.next_label, shown.next_opened, shown.next_on_sale) == ("2027–28", True, False)
    assert shown.words == "License year 2026–27 · next 2027–28 (opened)"
    # its early sale begun
    shown = license_years_shown(database, on=dt.date(2027, 2, 1))
    assert shown.words == "License year 2026–27 · next 2027–28 (opened, on sale)"
    # and once it starts, it is this year
    shown = license_years_shown(database, on=dt.date(2027, 4, 1))
    assert (shown.current_label, shown.current_opened, shown.next_label) == (
        "2027–28",
        True,
        None,
    )


def test_an_early_sale_of_a_year_not_opened_warns_but_goes_ahead(season: Season) -> None:
    from clerkdesk.services.licensing import quote_dogs

    database, bella = season.database, season.dogs["Bella"]
    early = dt.date(2027, 2, 10)
    (standing,) = quote_dogs(database, [bella], early, license_year=2027)
    assert standing.can_license
    assert (
        "License year 2027–28 has not been opened yet (Open license year 2027); the early "
        "sale goes ahead all the same."
    ) in standing.warnings
    open_license_year(database, 2027, actor=CLERK, clock=at(ON), tags=TagRange(1, 50))
    (standing,) = quote_dogs(database, [bella], early, license_year=2027)
    assert not any("not been opened" in w for w in standing.warnings)
    # this year's sales never say it
    (standing,) = quote_dogs(database, [season.dogs["Rex"]], ON)
    assert not any("not been opened" in w for w in standing.warnings)


def test_the_tags_received_with_the_opening_keep_their_looks(season: Season) -> None:
    tags = TagRange(1, 20, "inv 9", prefix="W-", shape="heart", color="red")
    opened = open_license_year(season.database, 2027, actor=CLERK, clock=at(ON), tags=tags)
    received = opened.tags_received
    assert received is not None
    assert (received.prefix, received.shape, received.color) == ("W-", "heart", "red")


def test_a_year_opened_in_the_evening_says_the_towns_date(season: Season) -> None:
    # WHEN the clerk opens 2027–28 at 9 PM Eastern (already the next day in UTC)
    open_license_year(
        season.database, 2027, actor=CLERK, clock=at(ON, hour=21), tags=TagRange(1, 10, "")
    )

    # THEN every later reading says the town's date, not the stored UTC one
    assert year_readiness(season.database, 2027, on=ON).opened_words == (
        "opened 01/15/2027 by clerk"
    )

"""Receiving and listing tag stock by license year, with every refusal in words."""

from __future__ import annotations

import datetime as dt
import re
import threading

import pytest
from sqlalchemy import func, select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import TagStock
from clerkdesk.services import licensing, tag_input, tags
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.locks import lock_tag_receiving
from clerkdesk.services.tags import ReceiveTags
from small_town import CLERK, THIS_YEAR, Town, at, check

NEXT_YEAR = dt.date(2027, 4, 1)


def _stock_rows(database: Database) -> int:
    with database.read() as session:
        return session.scalar(select(func.count()).select_from(TagStock)) or 0


def test_a_range_is_received_for_the_license_year_named_by_its_first_calendar_year(
    town: Town,
) -> None:
    received = tags.receive_tags(
        town.database,
        ReceiveTags(2027, 5001, 5100, "  invoice 4471 "),
        actor=CLERK,
        clock=town.clock,
    )
    assert (received.license_year_label, received.license_year_start) == ("2027–28", NEXT_YEAR)
    assert (received.first, received.last, received.count) == (5001, 5100, 100)
    assert received.note == "invoice 4471"

    stock = tags.year_stock(town.database, 2027, clock=town.clock)
    assert (stock.license_year_label, stock.license_year_end) == ("2027–28", dt.date(2028, 3, 31))
    assert (stock.received, stock.used, stock.left, stock.next_tag) == (100, 0, 100, 5001)
    (only,) = stock.ranges
    assert (only.note, only.received_by, only.next_free) == ("invoice 4471", CLERK.name, 5001)


def test_the_list_counts_tags_given_out_and_proposes_the_next(town: Town) -> None:
    # GIVEN a second range for this year and a license that took tag 99 of the first
    tags.receive_tags(town.database, ReceiveTags(2026, 201, 300), actor=CLERK, clock=town.clock)
    licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex, tag_number=99),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    # WHEN the year is listed
    stock = tags.year_stock(town.database, 2026, clock=town.clock)
    # THEN each range says what is used, what is left and what comes next in it
    assert [(r.first, r.last, r.used, r.left, r.next_free) for r in stock.ranges] == [
        (1, 100, 1, 99, 100),
        (201, 300, 0, 100, 201),
    ]
    assert (stock.received, stock.used, stock.left, stock.next_tag) == (200, 1, 199, 100)


def test_a_used_up_range_hands_over_to_the_next(town: Town) -> None:
    licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex, tag_number=100),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    tags.receive_tags(town.database, ReceiveTags(2026, 101, 150), actor=CLERK, clock=town.clock)
    stock = tags.year_stock(town.database, 2026, clock=town.clock)
    assert [r.next_free for r in stock.ranges] == [None, 101]
    assert stock.next_tag == 101


@pytest.mark.parametrize(
    ("year", "first", "last", "field", "message"),
    [
        (2026, 90, 150, "first", "Tags 1–100 were already received for 2026–27"),
        (2026, 0, 10, "first", "A tag number is from 1 to 99,999,999"),
        (2026, -5, 10, "first", "A tag number is from 1 to 99,999,999"),
        (2026, 500, 400, "last", "The last tag must not be below the first (500)"),
        (2026, 1_000, 101_000, "last", "That is 100,001 tags; receive at most 100,000"),
        (2026, 1_000, 100_000_000, "last", "A tag number is from 1 to 99,999,999"),
        (2028, 1, 10, "year", "License year 2028 is out of reach"),
        (2015, 1, 10, "year", "starting 2016 to 2027 (this license year is 2026–27)"),
        (0, 1, 10, "year", "License year 0 is out of reach"),
    ],
)
def test_a_bad_range_is_refused_and_nothing_is_written(
    town: Town, year: int, first: int, last: int, field: str, message: str
) -> None:
    before = _stock_rows(town.database)
    with pytest.raises(ValidationError, match=re.escape(message)) as refused:
        tags.receive_tags(
            town.database, ReceiveTags(year, first, last), actor=CLERK, clock=town.clock
        )
    assert refused.value.field == field
    assert _stock_rows(town.database) == before


def test_a_range_as_large_as_allowed_is_taken(town: Town) -> None:
    received = tags.receive_tags(
        town.database, ReceiveTags(2027, 1, tag_input.MAX_RANGE), actor=CLERK, clock=town.clock
    )
    assert received.count == 100_000


def test_a_long_note_is_refused(town: Town) -> None:
    with pytest.raises(ValidationError, match="longer than 200") as refused:
        tags.receive_tags(
            town.database, ReceiveTags(2027, 1, 10, "x" * 201), actor=CLERK, clock=town.clock
        )
    assert refused.value.field == "note"


def test_every_problem_of_a_range_is_told_at_once() -> None:
    assert tag_input.range_problems(None, None) == {
        "first": "Type the number of the first tag.",
        "last": "Type the number of the last tag.",
    }
    assert set(tag_input.range_problems(0, 0)) == {"first", "last"}
    assert tag_input.range_problems(5001, 5100) == {}


def test_stock_needs_a_town(database: Database, clock: FixedClock) -> None:
    with pytest.raises(ValidationError, match="No town is set up") as refused:
        tags.receive_tags(database, ReceiveTags(2026, 1, 10), actor=CLERK, clock=clock)
    assert refused.value.field == "town"


def test_the_years_offered_are_this_year_next_when_on_sale_or_stocked_and_stocked_past_ones(
    town: Town,
) -> None:
    # June 1, 2026: next year's early sale (60 days before April 1, 2027) has not opened
    assert [(y.label, y.role) for y in tags.tag_years(town.database, clock=town.clock)] == [
        ("2026–27", "this year"),
        ("2025–26", "past"),
    ]
    in_february = at(dt.date(2027, 2, 15), town.clock)
    assert [y.label for y in tags.tag_years(town.database, clock=in_february)] == [
        "2026–27",
        "2027–28",
        "2025–26",
    ]
    tags.receive_tags(town.database, ReceiveTags(2027, 1, 10), actor=CLERK, clock=town.clock)
    assert [y.role for y in tags.tag_years(town.database, clock=town.clock)] == [
        "this year",
        "next year",
        "past",
    ]


def test_the_counter_is_told_where_to_receive_tags(town: Town) -> None:
    none = tags.year_stock(town.database, 2027, clock=town.clock)
    assert tags.shortage_note("2027–28", none) == (
        "No tag stock for 2027–28 — receive tags in Tags (F5) → Receive tags…"
    )
    assert tags.shortage_note("2026–27", tags.stock_summary(town.database, THIS_YEAR)) == ""
    licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex, tag_number=100),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    used_up = tags.stock_summary(town.database, THIS_YEAR)
    assert tags.shortage_note("2026–27", used_up).startswith(
        "No tag stock left for 2026–27 — receive more in Tags (F5) → Receive tags…"
    )


def test_a_tag_typed_for_a_year_without_stock_says_so(town: Town) -> None:
    with pytest.raises(ValidationError, match="No tag stock has been received for license"):
        licensing.checkout(
            town.database,
            CheckoutRequest(
                town.jane, (LicenseItem(town.rex, license_year=2027, tag_number=5),), (check(),)
            ),
            actor=CLERK,
            clock=at(dt.date(2027, 2, 15), town.clock),
        )


def test_two_workstations_receiving_overlapping_ranges_at_once_save_only_one(town: Town) -> None:
    # GIVEN one workstation in the middle of receiving 5001–5100 for 2026–27 (its range read
    # for overlaps and about to be saved)
    before = _stock_rows(town.database)
    holding, second_done = threading.Event(), threading.Event()
    outcome: list[object] = []

    def second_workstation() -> None:
        holding.wait(10)
        try:
            tags.receive_tags(
                town.database, ReceiveTags(2026, 5050, 5150), actor=CLERK, clock=town.clock
            )
            outcome.append("saved")
        except ValidationError as refused:
            outcome.append(refused.message)
        second_done.set()

    worker = threading.Thread(target=second_workstation)
    worker.start()
    with town.database.write() as session:
        lock_tag_receiving(session, THIS_YEAR)
        session.execute(select(TagStock.id).where(TagStock.license_year_start == THIS_YEAR)).all()
        holding.set()
        # WHEN a second workstation receives an overlapping range at that moment
        second_done.wait(0.2 if town.database.is_sqlite else 1.0)
        session.add(
            TagStock(
                license_year_start=THIS_YEAR,
                first_number=5001,
                last_number=5100,
                received_at=town.clock.now(),
                received_by=CLERK.name,
            )
        )
    worker.join(30)
    # THEN it waited its turn, saw the first range and was refused: one range, never two
    assert len(outcome) == 1 and isinstance(outcome[0], str)
    assert "already received" in str(outcome[0])
    assert _stock_rows(town.database) == before + 1

"""Every amount on a notice is what the counter takes on the notice's dates: each dog's and
kennel's amount and the total, on the first and last day of every step of its schedule,
for renewal notices and reminder letters, on a demo town and on a stress copy with senior
exempt owners, 60-character names, 12-dog owners and an empty kennel. The counter is asked
as the clerk asks it: the cart's quote (``licensing.quote_dogs``, senior limits counted in
order), the kennel's standing, and a real checkout that must take exactly the amount."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.fill import fill_demo
from clerkdesk.reports.notice_data import Notice, NoticeSet
from clerkdesk.rules.kinds import NoticeKind
from clerkdesk.rules.transaction_fees import sale_fees_on
from clerkdesk.services import licensing
from clerkdesk.services.kennel_licensing import kennel_standing
from clerkdesk.services.notices import NoticeChoice, _plan, iter_notices
from clerkdesk.services.profile_source import profile_in_force
from services.notice_stress import LONG_PLAIN, LONG_SENIOR, build_stress_town
from services.notice_town import CLERK, at
from small_town import check

ZERO = Decimal("0.00")


def _notices(
    database: Database, kind: NoticeKind, year: int, on: dt.date
) -> tuple[NoticeSet, list[Notice]]:
    choice = NoticeChoice(kind, year)
    with database.read() as session:
        profile = profile_in_force(session)
        notice_set, days = _plan(profile, choice, on)
        found = [n for batch in iter_notices(session, profile, choice, days, on) for n in batch]
    return notice_set, found


def _assert_counter_takes(database: Database, notice: Notice, year: int, end: dt.date) -> None:
    """Each step's amounts are the counter's on its first and last day."""
    assert notice.schedule, notice.owner_name
    assert notice.schedule[0].total == notice.total_now
    with database.read() as session:
        profile = profile_in_force(session)
    for step in notice.schedule:
        for day in {step.starts, step.ends or end}:
            dogs = licensing.quote_dogs(
                database, [d.dog_id for d in notice.dogs], day, license_year=year
            )
            quoted = tuple(s.quote.total if s.quote else None for s in dogs)
            assert quoted == step.dogs, (notice.owner_name, day)
            kennels = tuple(
                kennel_standing(database, k.kennel_id, on=day, license_year=year).quote
                for k in notice.kennels
            )
            assert tuple(q.total if q else None for q in kennels) == step.kennels
            fees = sum((f.amount for f in sale_fees_on(profile, day)), ZERO) if dogs else ZERO
            parts = [a for a in quoted + step.kennels if a is not None]
            assert step.total == sum(parts, ZERO) + fees, (notice.owner_name, day)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Database:
    path = tmp_path_factory.mktemp("notice-amounts") / "demo.sqlite"
    database = Database.open(f"sqlite:///{path}")
    upgrade_to_head(database)
    clock = FixedClock(dt.datetime(2027, 2, 10, 15, tzinfo=dt.UTC))
    fill_demo(database, dogs=200, seed=7, town_id="westborough", clock=clock, history_years=1)
    return database


def test_demo_notices_and_reminders_state_the_counters_amounts_on_every_step(
    demo: Database,
) -> None:
    # GIVEN the demo Westborough: renewal notices in February, reminders in June
    for kind, on in (
        (NoticeKind.RENEWAL, dt.date(2027, 2, 10)),
        (NoticeKind.REMINDER, dt.date(2027, 6, 15)),
    ):
        notice_set, notices = _notices(demo, kind, 2027, on)
        assert notices
        # THEN each notice's schedule starts on its date and the late fee adds steps
        assert all(n.schedule[0].starts == notice_set.quoted_on for n in notices)
        assert any(len(n.schedule) > 2 for n in notices)
        assert notice_set.growth_words.startswith(
            "$1.00 more a dog for each week or part of a week"
        )
        # AND the counter takes each step's amounts (a sample of owners, and every kennel)
        sample = notices[:6] + [n for n in notices if n.kennels]
        for notice in sample:
            _assert_counter_takes(demo, notice, 2027, notice_set.year_end)


def test_stress_notices_state_the_counters_amounts_and_exempt_owners_pay_nothing(
    database: Database,
) -> None:
    town = build_stress_town(database)
    notice_set, notices = _notices(database, NoticeKind.RENEWAL, town.year, town.notice_day)
    by_owner = {n.owner_id: n for n in notices}
    # The empty kennel is priced on its maximum, as the counter prices it
    (kennel_notice,) = [n for n in notices if n.kennels]
    (kennel,) = kennel_notice.kennels
    assert (kennel.dogs_counted, kennel.max_dogs, kennel.amount_now) == (0, 10, Decimal("36.50"))
    for notice in notices:
        _assert_counter_takes(database, notice, town.year, notice_set.year_end)
    # Senior owners: no fee on any day of the schedule, so no payment is asked
    for key in ("senior", "edna"):
        notice = by_owner[town.owners[key]]
        assert notice.exempt and notice.total_now == ZERO
        assert all(step.total == ZERO for step in notice.schedule)
    long = by_owner[town.owners["long"]]
    assert not long.exempt and len(long.dogs) == 12
    assert long.owner_name == " ".join(LONG_PLAIN) and len(long.owner_name) == 60
    assert by_owner[town.owners["senior"]].owner_name == " ".join(LONG_SENIOR)
    assert len(" ".join(LONG_SENIOR)) == 60
    # A reminder in the summer: the amount due on its date, then each week's
    reminder_day = dt.date(2026, 6, 20)
    reminders, later = _notices(database, NoticeKind.REMINDER, town.year, reminder_day)
    for notice in later:
        _assert_counter_takes(database, notice, town.year, reminders.year_end)
    steps = {n.owner_id: n for n in later}[town.owners["long"]].schedule
    assert [s.starts for s in steps[:3]] == [
        reminder_day,
        dt.date(2026, 6, 22),
        dt.date(2026, 6, 29),
    ]
    # AND a real checkout on a step's first day takes exactly the amount the notice states
    step = steps[2]
    paid = licensing.checkout(
        database,
        licensing.CheckoutRequest(
            town.owners["long"],
            tuple(licensing.LicenseItem(d.dog_id, license_year=town.year) for d in long.dogs),
            (check(),),
            expected_total=step.total,
        ),
        actor=CLERK,
        clock=at(step.starts),
    )
    assert paid.total - paid.fees == step.total

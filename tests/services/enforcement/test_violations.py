"""Violations as the bylaws count them: seed 000's warning first and its 12-month look-back,
one violation per incident, Fairhaven's $50/$100/$300/$500 payable by check or money order
within 21 days; dismissal; the roles that may record one."""

from __future__ import annotations

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import AuditEntry, Violation, ViolationDog
from clerkdesk.rules.enforcement_kinds import ViolationStatus
from clerkdesk.rules.roles import Actor
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.enforcement import violations
from clerkdesk.services.enforcement.violations import ViolationInput
from enforcement_towns import (
    ACO,
    ASSISTANT,
    CLERK,
    TREASURER,
    EnforcementTown,
    enforcement_town,
    town_time,
)


@pytest.fixture
def seed000(database: Database, clock: FixedClock) -> EnforcementTown:
    return enforcement_town(database, clock, "sample-town")


@pytest.fixture
def fairhaven(database: Database, clock: FixedClock) -> EnforcementTown:
    return enforcement_town(database, clock, "fairhaven")


def picked_up(
    town: EnforcementTown, day: dt.date, *dogs: int, code: str = "domestic_animal"
) -> ViolationInput:
    return ViolationInput(
        owner_id=town.jane,
        dog_ids=dogs or (town.rex,),
        code=code,
        occurred_at=town_time(day, 7, 45),
        place="Main St at the common",
        officer="Officer Dana Reyes",
        notes="Running loose; returned to the owner.",
    )


def record(
    town: EnforcementTown, data: ViolationInput, clock: FixedClock | None = None
) -> violations.RecordedViolation:
    return violations.record_violation(town.database, data, actor=ACO, clock=clock or town.clock)


def later_clock(day: dt.date) -> FixedClock:
    return FixedClock(town_time(day, 10, 30))


def test_seed_000_a_warning_then_a_fine_then_a_warning_again(seed000: EnforcementTown) -> None:
    # GIVEN Rex is picked up at large in August 2025
    first = record(seed000, picked_up(seed000, dt.date(2025, 8, 10)))
    # THEN it is the first offense: a written warning, nothing to pay
    assert (first.label, first.offense_number, first.warning) == ("V2025-0001", 1, True)
    assert first.amount == Decimal("0.00") and first.pay_by is None
    assert "written warning" in first.description

    # WHEN he is picked up again within the year
    second = record(seed000, picked_up(seed000, dt.date(2026, 3, 15)))
    # THEN it is the second offense: the $50 fine
    assert (second.label, second.offense_number, second.warning) == ("V2026-0001", 2, False)
    assert second.amount == Decimal("50.00")
    row = violations.violation_row(seed000.database, second.id)
    assert row.citation == "Domestic animals bylaw; Gen. By-Laws ch. 60 Art. I; MGL c.40 §21D"
    assert row.account == "Bylaw fines"
    assert row.owner_name == "Jane Doe" and row.dog_names == ("Rex",)
    assert row.owner_address == "12 Elm St, Westborough, MA 01581"
    assert row.occurred_at == town_time(dt.date(2026, 3, 15), 7, 45)
    assert row.recorded_by == "aco" and row.status is ViolationStatus.OPEN and not row.paid

    # WHEN a third comes more than 12 months after the last
    third = record(
        seed000, picked_up(seed000, dt.date(2027, 3, 16)), clock=later_clock(dt.date(2027, 4, 1))
    )
    # THEN the count starts again: a warning
    assert (third.offense_number, third.warning, third.amount) == (1, True, Decimal("0.00"))


@pytest.mark.parametrize(
    ("day", "number"),
    [
        (dt.date(2026, 3, 14), 2),  # the day before the look-back's end
        (dt.date(2026, 3, 15), 2),  # its last day: 12 months to the day still counts
        (dt.date(2026, 3, 16), 1),  # the day after: a warning again
    ],
)
def test_seed_000_look_back_edges(seed000: EnforcementTown, day: dt.date, number: int) -> None:
    record(seed000, picked_up(seed000, dt.date(2025, 3, 15)))
    found = record(seed000, picked_up(seed000, day))
    assert found.offense_number == number
    assert found.warning is (number == 1)


def test_seed_000_two_dogs_in_one_incident_are_one_violation(seed000: EnforcementTown) -> None:
    # GIVEN Rex and Bella picked up together
    both = record(seed000, picked_up(seed000, dt.date(2026, 2, 1), seed000.rex, seed000.bella))
    # THEN one violation (one warning), both dogs named on it
    assert both.offense_number == 1 and both.warning
    with seed000.database.read() as session:
        assert session.scalar(select(func.count()).select_from(Violation)) == 1
        dogs = session.scalars(select(ViolationDog.dog_id).order_by(ViolationDog.dog_id)).all()
    assert dogs == sorted([seed000.rex, seed000.bella])
    row = violations.violation_row(seed000.database, both.id)
    assert row.dog_names == ("Bella", "Rex")
    # WHEN Bella alone is picked up next: the second offense, not the third
    next_one = record(seed000, picked_up(seed000, dt.date(2026, 5, 1), seed000.bella))
    assert (next_one.offense_number, next_one.amount) == (2, Decimal("50.00"))


def test_fairhaven_fines_by_offense_payable_by_check_or_money_order_within_21_days(
    fairhaven: EnforcementTown,
) -> None:
    days = [dt.date(2025, 7, 1), dt.date(2025, 9, 1), dt.date(2025, 12, 1), dt.date(2026, 2, 1)]
    days.append(dt.date(2026, 5, 1))
    found = [record(fairhaven, picked_up(fairhaven, day, code="violation")) for day in days]
    assert [f.offense_number for f in found] == [1, 2, 3, 4, 5]
    assert [f.warning for f in found] == [False] * 5
    assert [f.amount for f in found] == [Decimal(a) for a in ("50", "100", "300", "500", "500")]
    assert [f.pay_by for f in found] == [day + dt.timedelta(days=21) for day in days]
    row = violations.violation_row(fairhaven.database, found[0].id)
    assert row.payment_methods == "check, money order"
    assert violations.payment_methods_of(row.payment_methods) == ("check", "money_order")
    assert row.citation == "Ch. 87 Pt. 1, Penalties ¶A, ¶C (MGL c.140 §173A)"
    assert row.pay_by == dt.date(2025, 7, 22)


def test_other_owners_and_other_codes_count_apart(fairhaven: EnforcementTown) -> None:
    record(fairhaven, picked_up(fairhaven, dt.date(2026, 1, 5), code="violation"))
    johns = dataclasses.replace(
        picked_up(fairhaven, dt.date(2026, 2, 5), code="violation"),
        owner_id=fairhaven.john,
        dog_ids=(fairhaven.max,),
    )
    assert record(fairhaven, johns).offense_number == 1
    waste = record(fairhaven, picked_up(fairhaven, dt.date(2026, 3, 5), code="dog_waste"))
    assert (waste.offense_number, waste.amount) == (1, Decimal("100.00"))


def test_a_dismissed_violation_no_longer_counts(seed000: EnforcementTown) -> None:
    first = record(seed000, picked_up(seed000, dt.date(2026, 1, 10)))
    violations.dismiss_violation(
        seed000.database, first.id, "Wrong dog: Rex was home", actor=ACO, clock=seed000.clock
    )
    row = violations.violation_row(seed000.database, first.id)
    assert row.status is ViolationStatus.DISMISSED
    assert row.status_reason == "Wrong dog: Rex was home" and row.status_changed_by == "aco"
    assert row.status_changed_at == seed000.clock.now()
    # THEN the next is a first offense again
    again = record(seed000, picked_up(seed000, dt.date(2026, 2, 10)))
    assert (again.offense_number, again.warning) == (1, True)
    # AND dismissing twice is refused in words
    with pytest.raises(ValidationError, match="dismissed already"):
        violations.dismiss_violation(
            seed000.database, first.id, "again", actor=CLERK, clock=seed000.clock
        )
    with pytest.raises(ValidationError, match="The reason is required"):
        violations.dismiss_violation(
            seed000.database, again.id, "  ", actor=ACO, clock=seed000.clock
        )


def test_a_violation_recorded_late_counts_only_what_came_before(seed000: EnforcementTown) -> None:
    # A ticket written up late counts the offenses before its own day, not those after.
    record(seed000, picked_up(seed000, dt.date(2026, 4, 1)))
    late = record(seed000, picked_up(seed000, dt.date(2026, 2, 1)))
    assert late.offense_number == 1


def test_each_year_numbers_its_own(seed000: EnforcementTown) -> None:
    labels = [
        record(seed000, picked_up(seed000, day)).label
        for day in (dt.date(2025, 12, 31), dt.date(2026, 1, 1), dt.date(2026, 1, 2))
    ]
    assert labels == ["V2025-0001", "V2026-0001", "V2026-0002"]


@pytest.mark.parametrize("who", [TREASURER, ASSISTANT])
def test_a_treasurer_or_an_assistant_clerk_is_refused_in_words(
    seed000: EnforcementTown, who: Actor
) -> None:
    with pytest.raises(PermissionDenied) as refused:
        violations.record_violation(
            seed000.database,
            picked_up(seed000, dt.date(2026, 5, 1)),
            actor=who,
            clock=seed000.clock,
        )
    assert "may not record violations, impounds or complaints" in refused.value.message
    done = record(seed000, picked_up(seed000, dt.date(2026, 5, 1)))
    for refused_call in (
        lambda: violations.dismiss_violation(
            seed000.database,
            done.id,
            "no",
            actor=who,
            clock=seed000.clock,
        ),
        lambda: violations.file_with_court(
            seed000.database,
            [done.id],
            dt.date(2026, 6, 1),
            actor=who,
            clock=seed000.clock,
        ),
    ):
        with pytest.raises(PermissionDenied):
            refused_call()
    with seed000.database.read() as session:
        assert session.scalar(select(func.count()).select_from(Violation)) == 1


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"code": "barking"}, 'has no fine "barking" (its fines: domestic_animal)'),
        ({"owner_id": 9999}, "No owner 9999 is on file."),
        ({"dog_ids": (9999,)}, "No dog 9999 is on file."),
        ({"dog_ids": ()}, "Name the dog or dogs in the incident."),
        ({"place": " "}, "The place is required."),
        ({"officer": "x" * 81}, "The officer is too long: 81 characters, at most 80."),
        ({"place": "Main St\x1b[31m"}, "The place holds an escape character"),
        ({"notes": "ok\u202eevil"}, "Notes holds a right-to-left or left-to-right control"),
        ({"occurred_at": town_time(dt.date(2026, 6, 1), 11, 0)}, "has not come yet"),
        ({"occurred_at": town_time(dt.date(1899, 12, 31))}, "outside the office's years"),
        ({"occurred_at": dt.datetime(2026, 5, 1, 9, 0)}, "must say its time zone"),  # noqa: DTZ001
    ],
)
def test_bad_input_is_refused_in_one_line_and_nothing_is_written(
    seed000: EnforcementTown, change: dict[str, object], words: str
) -> None:
    data = dataclasses.replace(picked_up(seed000, dt.date(2026, 5, 1)), **change)  # type: ignore[arg-type]
    with pytest.raises(ValidationError) as refused:
        record(seed000, data)
    assert words in refused.value.message
    assert "\n" not in refused.value.message
    with seed000.database.read() as session:
        assert session.scalar(select(func.count()).select_from(Violation)) == 0


def test_text_is_cleaned_and_the_record_is_audited(seed000: EnforcementTown) -> None:
    data = dataclasses.replace(
        picked_up(seed000, dt.date(2026, 5, 1)),
        place="  Main\u200b St  ",
        notes="Line one\r\nLine two",
        code=" domestic_animal ",
    )
    done = record(seed000, data)
    row = violations.violation_row(seed000.database, done.id)
    assert (row.place, row.notes, row.code) == ("Main St", "Line one\nLine two", "domestic_animal")
    with seed000.database.read() as session:
        tables = set(session.scalars(select(AuditEntry.table_name)))
    assert {"violation", "violation_dog"} <= tables


def test_a_keeper_may_answer_for_a_dog_owned_by_another(seed000: EnforcementTown) -> None:
    # The bylaws hold the owner or keeper: John walking Rex is recorded against John.
    data = dataclasses.replace(picked_up(seed000, dt.date(2026, 5, 1)), owner_id=seed000.john)
    done = record(seed000, data)
    row = violations.violation_row(seed000.database, done.id)
    assert (row.owner_name, row.dog_names) == ("John Smith", ("Rex",))

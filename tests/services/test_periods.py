"""Locking a remitted month: only when it is over, once, for good; afterwards nothing is
posted, voided or back-dated into it."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from actors import staff
from clerkdesk.errors import ValidationError
from clerkdesk.models import LedgerEntry
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.roles import Role
from clerkdesk.services import dog_changes, licensing, periods
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.ledger_verify import verify_ledger
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.posting import PeriodLocked
from clerkdesk.services.voids import void_receipt
from small_town import CLERK, Town, at, check


def _sell(town: Town, dog: int, day: dt.date | None = None) -> licensing.CheckoutResult:
    clock = at(day, town.clock) if day else town.clock
    return licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(dog),), (check(),)),
        actor=CLERK,
        clock=clock,
    )


def test_a_month_over_is_locked_and_signs_the_chain(town: Town) -> None:
    # GIVEN a sale in May, and the clock on June 1
    _sell(town, town.rex, dt.date(2026, 5, 20))

    # WHEN May is locked
    lock = periods.lock_period(
        town.database, "2026-05", " TR-2026-05 ", actor=CLERK, clock=town.clock
    )

    # THEN the lock signs the head as it stood and is a link of its own
    assert (lock.month, lock.first_day, lock.last_day) == (
        "2026-05",
        dt.date(2026, 5, 1),
        dt.date(2026, 5, 31),
    )
    assert lock.reference == "TR-2026-05"
    with town.database.read() as session:
        entries = session.scalars(select(LedgerEntry).order_by(LedgerEntry.seq)).all()
    assert entries[-1].kind is LedgerKind.PERIOD_LOCK
    assert (lock.chain_seq, lock.chain_head) == (entries[-2].seq, entries[-2].entry_hash)
    assert [p.month for p in periods.locked_periods(town.database)] == ["2026-05"]
    assert verify_ledger(town.database).intact


def test_a_month_not_over_cannot_be_locked(town: Town) -> None:
    with pytest.raises(ValidationError, match=r"2026-06 is not over yet.*07/01/2026"):
        periods.lock_period(town.database, "2026-06", "TR", actor=CLERK, clock=town.clock)


@pytest.mark.parametrize(
    ("month", "reference", "words"),
    [
        ("2026-13", "TR", "not a month"),
        ("May 2026", "TR", "not a month"),
        ("2026-5", "TR", "not a month"),
        ("2026-05", "", "turnover reference"),
        ("2026-05", "x" * 81, "81 characters"),
    ],
)
def test_a_lock_needs_a_month_and_a_reference(
    town: Town, month: str, reference: str, words: str
) -> None:
    with pytest.raises(ValidationError, match=words):
        periods.lock_period(town.database, month, reference, actor=CLERK, clock=town.clock)
    assert periods.locked_periods(town.database) == []


def test_a_locked_period_cannot_be_reopened_or_locked_again(town: Town) -> None:
    periods.lock_period(town.database, "2026-05", "TR-1", actor=CLERK, clock=town.clock)
    with pytest.raises(periods.PeriodAlreadyLocked, match="cannot be reopened"):
        periods.lock_period(town.database, "2026-05", "TR-2", actor=CLERK, clock=town.clock)
    assert not hasattr(periods, "unlock_period")


@pytest.mark.parametrize("role", [Role.ASSISTANT_CLERK, Role.TREASURER, Role.ANIMAL_CONTROL])
def test_only_a_clerk_or_administrator_locks_a_period(town: Town, role: Role) -> None:
    with pytest.raises(PermissionDenied, match="may not lock a remitted period"):
        periods.lock_period(
            town.database, "2026-05", "TR", actor=staff("sam", role), clock=town.clock
        )


def test_nothing_is_voided_into_a_locked_month(town: Town) -> None:
    # GIVEN a May sale and May locked
    sale = _sell(town, town.rex, dt.date(2026, 5, 20))
    periods.lock_period(town.database, "2026-05", "TR-7", actor=CLERK, clock=town.clock)

    # WHEN the May receipt is voided in June THEN it is refused with the reason
    with pytest.raises(PeriodLocked, match=r"void receipt .* 2026-05 was remitted.*TR-7"):
        void_receipt(town.database, sale.receipt_id, "wrong dog", actor=CLERK, clock=town.clock)


def test_no_receipt_is_back_dated_into_a_locked_month(town: Town) -> None:
    periods.lock_period(town.database, "2026-05", "TR-7", actor=CLERK, clock=town.clock)
    # A checkout with a clock standing inside May
    with pytest.raises(PeriodLocked, match="Cannot post a receipt on 05/20/2026"):
        _sell(town, town.rex, dt.date(2026, 5, 20))
    # A fee back-dated into May: Bella (licensed today) transferred on May 28
    sale = _sell(town, town.bella)
    with pytest.raises(PeriodLocked, match="2026-05 was remitted"):
        dog_changes.transfer_dog(
            town.database,
            town.bella,
            town.john,
            (check("3"),),
            actor=CLERK,
            clock=at(dt.date(2026, 5, 28), town.clock),
        )
    # A void made with the clock inside May
    with pytest.raises(PeriodLocked, match="Cannot void a receipt on 05/29/2026"):
        void_receipt(
            town.database,
            sale.receipt_id,
            "back-dated",
            actor=CLERK,
            clock=at(dt.date(2026, 5, 29), town.clock),
        )
    # June still takes money
    assert _sell(town, town.rex).receipt_label


def test_checkout_today_is_untouched_by_an_older_lock(town: Town) -> None:
    periods.lock_period(town.database, "2026-04", "TR-4", actor=CLERK, clock=town.clock)
    periods.lock_period(town.database, "2026-05", "TR-5", actor=CLERK, clock=town.clock)
    assert _sell(town, town.rex).receipt_id
    assert [p.reference for p in periods.locked_periods(town.database)] == ["TR-4", "TR-5"]
    assert verify_ledger(town.database).intact

"""A counter set back behind its records: every sale after it is refused in words that say
so and name the repair (never "try again"), and ``repair_counters`` moves it past the last
number used, in the audit trail, never moving the ledger chain's counter down."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select, text

from actors import staff
from clerkdesk.models import AuditEntry, License, NumberSequence, Receipt
from clerkdesk.rules.roles import Role
from clerkdesk.services import licensing
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.numbers import CounterBehind
from clerkdesk.services.repair.counters import check_counters, repair_counters
from small_town import CLERK, Town, check

ADMIN = staff("admin", Role.ADMINISTRATOR)


def _set(town: Town, sql: str) -> None:
    with town.database.engine.begin() as connection:
        connection.execute(text(sql))


def _counter(town: Town, name: str, scope: str) -> int | None:
    with town.database.read() as session:
        return session.scalar(
            select(NumberSequence.last_value).where(
                NumberSequence.name == name, NumberSequence.scope == scope
            )
        )


def _receipts(town: Town) -> int:
    with town.database.read() as session:
        return session.scalar(select(func.count()).select_from(Receipt)) or 0


def _sell(town: Town, dog: int) -> licensing.CheckoutResult:
    request = CheckoutRequest(town.jane, (LicenseItem(dog),), (check("77"),))
    return licensing.checkout(town.database, request, actor=CLERK, clock=town.clock)


def _sell_rex(town: Town) -> licensing.CheckoutResult:
    return _sell(town, town.rex)


@pytest.mark.parametrize(
    "spoil",
    [
        "UPDATE number_sequence SET last_value = 0 WHERE name = 'receipt' AND scope = '2026'",
        "DELETE FROM number_sequence WHERE name = 'receipt' AND scope = '2026'",
    ],
    ids=["set-back", "deleted"],
)
def test_a_receipt_counter_behind_its_receipts_is_said_and_repaired(town: Town, spoil: str) -> None:
    # GIVEN this year's receipt 2026-000001, and then the receipt counter set back or lost
    this_year = str(town.clock.today().year)
    _sell_rex(town)
    _set(town, spoil)
    before = _receipts(town)

    # WHEN the next sale is tried, twice
    for _ in range(2):
        with pytest.raises(CounterBehind) as refused:
            _sell(town, town.bella)
        # THEN it names the counter and the repair, never "try again", and saves nothing
        message = str(refused.value)
        assert "receipt counter for 2026 is behind its receipts" in message
        assert "clerkdesk db repair" in message
        assert "try again" not in message.lower()
        assert _receipts(town) == before

    # WHEN the administrator checks, then repairs
    checked = check_counters(town.database, actor=ADMIN)
    assert [(s.name, s.scope, s.highest) for s in checked.behind] == [("receipt", this_year, 1)]
    assert not checked.moved
    assert _receipts(town) == before
    repaired = repair_counters(town.database, actor=ADMIN, clock=town.clock)

    # THEN the counter follows its receipts, the move is in the audit trail, and the sale goes
    assert repaired.moved and repaired.behind == checked.behind
    assert _counter(town, "receipt", this_year) == 1
    with town.database.read() as session:
        entry = session.scalars(select(AuditEntry).where(AuditEntry.action == "repair")).one()
        assert (entry.user_name, entry.table_name) == ("admin", "number_sequence")
        assert entry.record_id == f"receipt:{this_year}"
        assert json.loads(entry.after or "{}") == {"last_value": 1}
    assert _sell(town, town.bella).receipt_label == f"{this_year}-000002"
    assert check_counters(town.database, actor=ADMIN).behind == ()


def test_a_license_counter_behind_is_said_before_anything_is_written(town: Town) -> None:
    scope = "2026-04-01"
    with town.database.read() as session:
        assert session.scalar(select(func.count()).select_from(License)) == 2
    _sell_rex(town)
    _set(town, f"UPDATE number_sequence SET last_value = 0 WHERE scope = '{scope}'")
    with pytest.raises(CounterBehind, match="dog license counter for 2026-04-01 is behind"):
        _sell(town, town.bella)
    repair_counters(town.database, actor=ADMIN, clock=town.clock)
    assert _counter(town, "license", scope) == 1
    _sell(town, town.bella)
    assert _counter(town, "license", scope) == 2


def test_the_ledger_counter_is_moved_up_when_behind_and_never_down(town: Town) -> None:
    # GIVEN the chain's counter set behind its entries
    _sell_rex(town)
    _set(town, "UPDATE number_sequence SET last_value = 1 WHERE name = 'ledger'")
    with pytest.raises(CounterBehind, match="ledger chain's counter is behind"):
        _sell(town, town.bella)
    report = repair_counters(town.database, actor=ADMIN, clock=town.clock)
    assert [(s.name, s.counter, s.highest) for s in report.behind] == [("ledger", 1, 2)]
    assert _counter(town, "ledger", "all") == 2

    # GIVEN the counter ahead of the chain (its last entries deleted past the guards)
    _set(town, "UPDATE number_sequence SET last_value = 9 WHERE name = 'ledger'")
    # THEN a repair leaves it, and says so for `ledger verify` to judge
    report = repair_counters(town.database, actor=ADMIN, clock=town.clock)
    assert report.behind == () and not report.moved
    assert report.ledger_ahead == (9, 2)
    assert _counter(town, "ledger", "all") == 9


@pytest.mark.parametrize("role", [Role.CLERK, Role.TREASURER, Role.ASSISTANT_CLERK])
def test_only_the_administrator_repairs(town: Town, role: Role) -> None:
    with pytest.raises(PermissionDenied):
        repair_counters(town.database, actor=staff("pat", role), clock=town.clock)
    with pytest.raises(PermissionDenied):
        check_counters(town.database, actor=staff("pat", role))

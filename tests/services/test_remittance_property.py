"""For generated histories — sales through the real checkout on random days, paid in random
tenders, some voided days later — the remittance of any period equals the ledger's rows
added up one by one, by account, fee code and tender, with no unexplained number gap."""

from __future__ import annotations

import datetime as dt
import itertools
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clerkdesk.models import TenderKind
from clerkdesk.services import people, rabies, tags
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.remittance import remittance
from ledger_rows import raw_sums, void_as_the_void_service_would
from services.remittance_support import new_dog, sell
from small_town import CLERK, THIS_YEAR, Town, dog_input, vaccination

FIRST = dt.date(2026, 4, 1)
DAYS = 150
_numbers = itertools.count(100)
_boxes = itertools.count()

TENDERS = {
    "cash": (TenderInput(TenderKind.CASH, None),),
    "check": (TenderInput(TenderKind.CHECK, None, "501"),),
    "money_order": (TenderInput(TenderKind.MONEY_ORDER, None, "MO-9"),),
    "card": (TenderInput(TenderKind.CARD, None, "A1B2"),),
    "split": (
        TenderInput(TenderKind.CHECK, Decimal("3.00"), "502"),
        TenderInput(TenderKind.CASH, None),
    ),
}

sales = st.lists(
    st.tuples(
        st.integers(0, DAYS),  # the day sold
        st.integers(1, 2),  # dogs on the receipt
        st.sampled_from(sorted(TENDERS)),
        st.one_of(st.none(), st.integers(0, 45)),  # voided so many days later, or never
    ),
    min_size=1,
    max_size=4,
)
periods = st.tuples(st.integers(0, DAYS + 45), st.integers(0, 62))


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(history=sales, period=periods)
def test_report_equals_the_ledger(
    town: Town, history: list[tuple[int, int, str, int | None]], period: tuple[int, int]
) -> None:
    # Every example sells new dogs in the same town: stock enough tags for them.
    first_tag = 1000 + 10 * next(_boxes)
    tags.receive_stock(
        town.database, THIS_YEAR, first_tag, first_tag + 9, actor=CLERK, clock=town.clock
    )
    for offset, dogs, tender, voided_after in history:
        day = FIRST + dt.timedelta(days=offset)
        owner, first_dog = new_dog(town.database, town.clock, next(_numbers))
        dog_ids = [first_dog]
        if dogs == 2:
            second = people.create_dog(
                town.database,
                owner,
                dog_input("Second", "female", True),
                actor=CLERK,
                clock=town.clock,
            )
            rabies.record_certificate(
                town.database, second, vaccination(), actor=CLERK, clock=town.clock
            )
            dog_ids.append(second)
        sold = sell(town.database, town.clock, owner, tuple(dog_ids), day, TENDERS[tender])
        if voided_after is not None:
            void_as_the_void_service_would(
                town.database, sold.receipt_id, day + dt.timedelta(days=voided_after)
            )
    start, length = period
    first = FIRST + dt.timedelta(days=start)
    last = first + dt.timedelta(days=length)
    r = remittance(town.database, first, last, actor=CLERK, clock=town.clock)
    raw = raw_sums(town.database, first, last)
    assert (r.receipt_count, r.gross, r.voided, r.net) == (
        raw.receipts,
        raw.gross,
        raw.voided,
        raw.net,
    )
    assert {m.key: m.net for m in r.accounts if m.net} == {
        k: v for k, v in raw.accounts.items() if v
    }
    assert {m.key: m.net for m in r.fee_codes if m.net} == {k: v for k, v in raw.codes.items() if v}
    assert {m.key: m.count for m in r.fee_codes if m.count} == {
        k: v for k, v in raw.code_counts.items() if v
    }
    assert {m.key: m.net for m in r.tenders if m.net} == {k: v for k, v in raw.tenders.items() if v}
    assert r.unexplained == ()

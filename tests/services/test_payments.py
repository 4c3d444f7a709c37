"""Tenders pay exactly what is due; only cash gives change."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clerkdesk.errors import ValidationError
from clerkdesk.models import TenderKind
from clerkdesk.services.payments import TenderInput, plan_tenders

D = Decimal
cents = st.integers(min_value=1, max_value=50_000).map(lambda c: D(c) / 100)


def test_cash_over_the_total_gives_change() -> None:
    plan = plan_tenders(D("14.00"), [TenderInput(TenderKind.CASH, D("20.00"))])
    assert plan.change_due == D("6.00")
    assert plan.tenders[0].amount == D("14.00") and plan.tenders[0].tendered == D("20.00")


def test_split_tender_applies_the_check_first_then_cash() -> None:
    plan = plan_tenders(
        D("33.00"),
        [TenderInput(TenderKind.CASH, D("20.00")), TenderInput(TenderKind.CHECK, D("20.00"), "88")],
    )
    assert [(t.kind, t.amount) for t in plan.tenders] == [
        (TenderKind.CHECK, D("20.00")),
        (TenderKind.CASH, D("13.00")),
    ]
    assert plan.change_due == D("7.00")


def test_a_balance_tender_pays_whatever_is_left() -> None:
    plan = plan_tenders(D("19.00"), [TenderInput(TenderKind.CARD, None, "AUTH1")])
    assert plan.tenders[0].amount == D("19.00")


def test_nothing_due_takes_nothing() -> None:
    assert plan_tenders(D("0.00"), []).tenders == ()
    with pytest.raises(ValidationError, match="Nothing is due"):
        plan_tenders(D("0.00"), [TenderInput(TenderKind.CASH, D("5.00"))])


@pytest.mark.parametrize(
    ("offered", "message"),
    [
        ([TenderInput(TenderKind.CHECK, D("20.00"), "1")], "more than the 19.00 still due"),
        ([TenderInput(TenderKind.MONEY_ORDER, D("19.00"), " ")], "the money order number"),
        (
            [TenderInput(TenderKind.CASH, D("5")), TenderInput(TenderKind.CASH, D("5"))],
            "Enter cash once",
        ),
        (
            [TenderInput(TenderKind.CARD, D("19.00"), "A"), TenderInput(TenderKind.CASH, D("1"))],
            "take no cash",
        ),
        ([], "19.00 is still due"),
    ],
)
def test_tenders_that_do_not_pay_exactly_are_refused(
    offered: list[TenderInput], message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        plan_tenders(D("19.00"), offered)


@given(total=cents, check=st.none() | cents, cash=st.none() | cents)
def test_a_plan_always_pays_the_total_exactly(
    total: Decimal, check: Decimal | None, cash: Decimal | None
) -> None:
    offered = []
    if check is not None:
        offered.append(TenderInput(TenderKind.CHECK, check, "101"))
    if cash is not None:
        offered.append(TenderInput(TenderKind.CASH, cash))
    try:
        plan = plan_tenders(total, offered)
    except ValidationError:
        return
    assert sum(t.amount for t in plan.tenders) == total
    assert plan.change_due >= 0
    assert all(t.change_due is None for t in plan.tenders if t.kind is not TenderKind.CASH)
    handed = sum(t.tendered or t.amount for t in plan.tenders)
    assert handed - plan.change_due == total

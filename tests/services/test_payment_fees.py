"""A card convenience fee at the checkout: its own receipt line, paid by the card it is for."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from clerkdesk.errors import ValidationError
from clerkdesk.models import Receipt, ReceiptLine, TenderKind
from clerkdesk.rules import parse_profile
from clerkdesk.services import licensing
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.payments import TenderInput, plan_tenders
from clerkdesk.services.taking_money import tender_fees
from clerkdesk.services.town import save_town_profile
from document_support import card_fee_profile
from small_town import CLERK, Town


@pytest.fixture
def card_town(town: Town) -> Town:
    save_town_profile(town.database, card_fee_profile(), actor=CLERK, clock=town.clock)
    return town


def card(amount: str | None, reference: str = "AUTH-77") -> TenderInput:
    return TenderInput(TenderKind.CARD, Decimal(amount) if amount else None, reference)


def both_dogs(town: Town, *tenders: TenderInput, expected: str | None = "33.00") -> CheckoutRequest:
    return CheckoutRequest(
        town.jane,
        (LicenseItem(town.rex), LicenseItem(town.bella)),
        tenders,
        expected_total=Decimal(expected) if expected else None,
    )


def test_a_card_payment_gets_its_own_fee_line_and_the_card_pays_it(card_town: Town) -> None:
    # GIVEN a 3% card fee, at least 1.00, at most 10.00, and Jane's 33.00 of renewals
    # WHEN she pays the whole 33.00 by card
    result = licensing.checkout(
        card_town.database, both_dogs(card_town, card("33.00")), actor=CLERK, clock=card_town.clock
    )
    # THEN the receipt carries a fee line of 1.00 (3% is 0.99) and the card is charged 34.00
    assert (result.total, result.fees) == (Decimal("34.00"), Decimal("1.00"))
    with card_town.database.read() as session:
        receipt = session.get(Receipt, result.receipt_id)
        assert receipt is not None
        assert receipt.total == Decimal("34.00")
        fee = receipt.lines[-1]
        assert (fee.code, fee.amount, fee.account, fee.dog_id, fee.license_id) == (
            "convenience_fee",
            Decimal("1.00"),
            "Card fees",
            None,
            None,
        )
        assert fee.citation == "Treasurer's fee schedule 2026"
        assert fee.description == (
            "Card convenience fee: 3% of $33.00 paid by card is $0.99; the minimum, $1.00"
        )
        assert [(t.kind, t.amount, t.reference) for t in receipt.tenders] == [
            (TenderKind.CARD, Decimal("34.00"), "AUTH-77")
        ]
        assert sum(line.amount for line in receipt.lines) == receipt.total


def test_a_split_cash_and_card_payment_pays_the_fee_on_the_card_share_only(
    card_town: Town,
) -> None:
    # WHEN Jane puts 20.00 on the card and hands over 20.00 cash for the rest
    cash = TenderInput(TenderKind.CASH, Decimal("20.00"))
    result = licensing.checkout(
        card_town.database,
        both_dogs(card_town, card("20.00"), cash),
        actor=CLERK,
        clock=card_town.clock,
    )
    # THEN the card pays 20.00 and its 1.00 fee (3% of 20.00 is 0.60); cash pays 13.00
    assert (result.total, result.change_due) == (Decimal("34.00"), Decimal("7.00"))
    with card_town.database.read() as session:
        receipt = session.get(Receipt, result.receipt_id)
        assert receipt is not None
        assert [(t.kind, t.amount, t.tendered) for t in receipt.tenders] == [
            (TenderKind.CARD, Decimal("21.00"), None),
            (TenderKind.CASH, Decimal("13.00"), Decimal("20.00")),
        ]
        assert [line.code for line in receipt.lines].count("convenience_fee") == 1


def test_cash_or_check_pays_no_fee_and_expected_total_is_the_licenses(card_town: Town) -> None:
    cash = TenderInput(TenderKind.CASH, Decimal("40.00"))
    result = licensing.checkout(
        card_town.database, both_dogs(card_town, cash), actor=CLERK, clock=card_town.clock
    )
    assert (result.total, result.fees, result.change_due) == (
        Decimal("33.00"),
        Decimal("0.00"),
        Decimal("7.00"),
    )


def test_a_card_for_the_balance_pays_the_fee_on_the_balance(card_town: Town) -> None:
    result = licensing.checkout(
        card_town.database, both_dogs(card_town, card(None)), actor=CLERK, clock=card_town.clock
    )
    assert result.total == Decimal("34.00")


def test_no_fee_without_the_profile_key(town: Town) -> None:
    result = licensing.checkout(
        town.database, both_dogs(town, card("33.00")), actor=CLERK, clock=town.clock
    )
    assert (result.total, result.fees) == (Decimal("33.00"), Decimal("0.00"))
    with town.database.read() as session:
        codes = session.scalars(select(ReceiptLine.code)).all()
        assert "convenience_fee" not in codes


def test_an_expected_total_that_counts_the_fee_is_refused_and_nothing_is_written(
    card_town: Town,
) -> None:
    with card_town.database.read() as session:
        before = session.scalar(select(func.count()).select_from(Receipt))
    with pytest.raises(ValidationError, match=r"not the 34\.00 quoted"):
        licensing.checkout(
            card_town.database,
            both_dogs(card_town, card("33.00"), expected="34.00"),
            actor=CLERK,
            clock=card_town.clock,
        )
    with card_town.database.read() as session:
        assert session.scalar(select(func.count()).select_from(Receipt)) == before


def test_the_fee_is_capped_on_a_large_card_payment() -> None:
    profile = parse_profile(card_fee_profile())
    on = dt.date(2026, 6, 1)
    plan = plan_tenders(Decimal("500.00"), [card("500.00")], tender_fees(profile, on))
    assert [(t.amount, t.fee and t.fee.amount) for t in plan.tenders] == [
        (Decimal("510.00"), Decimal("10.00"))
    ]
    assert plan.fees[0].description.endswith("capped at $10.00")

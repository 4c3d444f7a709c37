"""Every sale takes money one way (``services.taking_money``): a transfer, a replacement tag,
a dog license and a kennel license paid by card each carry the town's card convenience fee
as its own line, on the card's share only, and their lines add up to the receipt."""

from __future__ import annotations

import ast
import itertools
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

import clerkdesk
from clerkdesk.errors import ValidationError
from clerkdesk.models import Dog, License, LicenseStatus, Receipt, TenderKind
from clerkdesk.rules import parse_profile, payment_fee, presets
from clerkdesk.services import dog_changes, licensing
from clerkdesk.services.dog_changes import FeeResult
from clerkdesk.services.kennel_licensing import (
    KennelSaleRequest,
    KennelSaleResult,
    kennel_standing,
    sell_kennel_license,
)
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.town import profile_history, profile_version, save_town_profile
from document_support import card_fee_profile
from services.kennel_support import add_kennel_with_dogs, inspect, make_kennel_town
from services.remittance_support import new_dog
from small_town import CLERK, Town, check

CARD_FEE = "convenience_fee"
ZERO = Decimal("0.00")

# --- one way to take money ------------------------------------------------------------

SOURCE = Path(clerkdesk.__file__).resolve().parent
MONEY_MODULE = SOURCE / "services" / "taking_money.py"
INTERNALS = {"open_receipt", "post_receipt", "plan_tenders"}
RECEIPT_ROWS = {"Receipt", "ReceiptLine", "Tender"}
# Where each may appear besides the money module: its own definition, and the payment
# screen's live preview of the tenders (with the same fees).
ALLOWED = {
    SOURCE / "services" / "receipts.py": {"open_receipt", "post_receipt", *RECEIPT_ROWS},
    SOURCE / "services" / "payments.py": {"plan_tenders"},
    SOURCE / "ui" / "payment_dialog.py": {"plan_tenders"},
}


def _uses(path: Path) -> set[str]:
    """The money internals ``path`` names (imported, called, read as an attribute) and the
    receipt rows it constructs."""
    text = path.read_text(encoding="utf-8")
    found: set[str] = set()
    if not any(name in text for name in INTERNALS | RECEIPT_ROWS):
        return found
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom):
            found |= {alias.name for alias in node.names} & INTERNALS
        elif isinstance(node, ast.Name) and node.id in INTERNALS:
            found.add(node.id)
        elif isinstance(node, ast.Attribute) and node.attr in INTERNALS:
            found.add(node.attr)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in RECEIPT_ROWS:
                found.add(name)
    return found


def test_only_the_money_module_plans_tenders_and_writes_receipts() -> None:
    # A use case that wrote its own receipt would take a card without its fee (issue 22).
    strays = {
        str(path.relative_to(SOURCE)): sorted(uses)
        for path in sorted(SOURCE.rglob("*.py"))
        if path != MONEY_MODULE and (uses := _uses(path) - ALLOWED.get(path, set()))
    }
    assert strays == {}
    assert _uses(MONEY_MODULE) == {"open_receipt", "post_receipt", "plan_tenders"}


def test_the_scan_sees_a_stray_call(tmp_path: Path) -> None:
    stray = tmp_path / "stray.py"
    stray.write_text(
        "from clerkdesk.services import receipts\n"
        "from clerkdesk.services.payments import plan_tenders as plan\n"
        "receipts.open_receipt(s)\nplan(1, [])\nReceipt(total=0)\n",
        encoding="utf-8",
    )
    assert _uses(stray) == {"open_receipt", "plan_tenders", "Receipt"}


# --- the card fee on every sale -------------------------------------------------------


@pytest.fixture
def card_town(town: Town) -> Town:
    """GIVEN the small town charges 3% on card payments, at least 1.00, at most 10.00, and
    Rex holds this year's license."""
    save_town_profile(town.database, card_fee_profile(), actor=CLERK, clock=town.clock)
    licensing.checkout(
        town.database,
        licensing.CheckoutRequest(town.jane, (licensing.LicenseItem(town.rex),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    return town


def card(amount: str | None = None, reference: str = "AUTH-77") -> TenderInput:
    return TenderInput(TenderKind.CARD, Decimal(amount) if amount else None, reference)


def cash(amount: str | None = None) -> TenderInput:
    return TenderInput(TenderKind.CASH, Decimal(amount) if amount else None)


def license_in_force(town: Town, dog_id: int) -> int:
    with town.database.read() as session:
        found = session.scalar(
            select(License.id).where(
                License.dog_id == dog_id, License.status == LicenseStatus.ISSUED
            )
        )
    assert found is not None
    return found


def receipt_rows(
    town: Town, receipt_id: int | None
) -> tuple[Decimal, list[tuple[str, Decimal, int | None]], list[tuple[TenderKind, Decimal]]]:
    """(total, lines as (code, amount, dog), tenders as (kind, amount))."""
    assert receipt_id is not None
    with town.database.read() as session:
        receipt = session.get(Receipt, receipt_id)
        assert receipt is not None
        return (
            receipt.total,
            [(line.code, line.amount, line.dog_id) for line in receipt.lines],
            [(t.kind, t.amount) for t in receipt.tenders],
        )


def test_a_replacement_tag_paid_by_card_shows_the_convenience_fee_line(card_town: Town) -> None:
    # WHEN Rex's lost tag (Westborough's 1.00 duplicate tag fee) is replaced, paid by card
    result = dog_changes.replace_tag(
        card_town.database,
        license_in_force(card_town, card_town.rex),
        (card(),),
        new_tag=None,
        actor=CLERK,
        clock=card_town.clock,
    )
    # THEN the receipt carries the fee as its own line (3% of 1.00 is 0.03; the minimum,
    # 1.00), with no dog, and the card pays both
    assert (result.total, result.fees) == (Decimal("2.00"), Decimal("1.00"))
    total, lines, tenders = receipt_rows(card_town, result.receipt_id)
    assert total == Decimal("2.00")
    assert lines == [
        ("duplicate_tag", Decimal("1.00"), card_town.rex),
        (CARD_FEE, Decimal("1.00"), None),
    ]
    assert tenders == [(TenderKind.CARD, Decimal("2.00"))]
    with card_town.database.read() as session:
        receipt = session.get(Receipt, result.receipt_id)
        assert receipt is not None
        fee = receipt.lines[-1]
        assert (fee.account, fee.license_id) == ("Card fees", None)
        assert fee.description == (
            "Card convenience fee: 3% of $1.00 paid by card is $0.03; the minimum, $1.00"
        )


def test_a_transfer_paid_by_card_shows_the_convenience_fee_line(card_town: Town) -> None:
    # WHEN Rex goes to John, who pays Westborough's 1.25 transfer fee by card
    result = dog_changes.transfer_dog(
        card_town.database,
        card_town.rex,
        card_town.john,
        (card("1.25"),),
        actor=CLERK,
        clock=card_town.clock,
    )
    # THEN John's receipt is 2.25: the transfer and the 1.00 card fee, the card paying both
    assert (result.total, result.fees, result.change_due) == (
        Decimal("2.25"),
        Decimal("1.00"),
        ZERO,
    )
    total, lines, tenders = receipt_rows(card_town, result.receipt_id)
    assert total == Decimal("2.25")
    assert lines == [
        ("transfer", Decimal("1.25"), card_town.rex),
        (CARD_FEE, Decimal("1.00"), None),
    ]
    assert tenders == [(TenderKind.CARD, Decimal("2.25"))]


def test_a_split_cash_and_card_transfer_pays_the_fee_on_the_card_share_only(
    card_town: Town,
) -> None:
    # WHEN John puts 1.00 of the 1.25 on the card and hands over 1.00 in cash
    result = dog_changes.transfer_dog(
        card_town.database,
        card_town.rex,
        card_town.john,
        (card("1.00"), cash("1.00")),
        actor=CLERK,
        clock=card_town.clock,
    )
    # THEN the card pays its 1.00 and the fee on it; cash pays the 0.25 left, no fee
    assert (result.total, result.fees, result.change_due) == (
        Decimal("2.25"),
        Decimal("1.00"),
        Decimal("0.75"),
    )
    _total, lines, tenders = receipt_rows(card_town, result.receipt_id)
    assert [code for code, _a, _d in lines].count(CARD_FEE) == 1
    assert tenders == [(TenderKind.CARD, Decimal("2.00")), (TenderKind.CASH, Decimal("0.25"))]


def test_a_split_kennel_license_pays_the_percentage_on_the_card_share(card_town: Town) -> None:
    # GIVEN Maple Hill Kennel's 36.50 license
    kennel = make_kennel_town(card_town).kennel
    # WHEN 35.00 goes on the card and 5.00 is handed over in cash
    result = sell_kennel_license(
        card_town.database,
        KennelSaleRequest(kennel, (card("35.00"), cash("5.00"))),
        actor=CLERK,
        clock=card_town.clock,
    )
    # THEN the fee is 3% of the card's 35.00 (1.05), not of the whole 36.50 (1.10)
    assert (result.total, result.fees, result.change_due) == (
        Decimal("37.55"),
        Decimal("1.05"),
        Decimal("3.50"),
    )
    total, lines, tenders = receipt_rows(card_town, result.receipt_id)
    assert sum(amount for _c, amount, _d in lines) == total == Decimal("37.55")
    assert tenders == [(TenderKind.CARD, Decimal("36.05")), (TenderKind.CASH, Decimal("1.50"))]


def test_a_replacement_paid_in_cash_carries_no_fee(card_town: Town) -> None:
    result = dog_changes.replace_tag(
        card_town.database,
        license_in_force(card_town, card_town.rex),
        (cash("5.00"),),
        new_tag=None,
        actor=CLERK,
        clock=card_town.clock,
    )
    assert (result.total, result.fees, result.change_due) == (
        Decimal("1.00"),
        ZERO,
        Decimal("4.00"),
    )
    _total, lines, _tenders = receipt_rows(card_town, result.receipt_id)
    assert [code for code, _a, _d in lines] == ["duplicate_tag"]


def test_a_card_that_does_not_cover_the_fee_is_refused_and_nothing_changes(
    card_town: Town,
) -> None:
    # A card for more than the transfer fee is refused as before: the fee follows from
    # the card's share, never from a larger amount typed.
    with pytest.raises(ValidationError, match=r"more than the 1\.25 still due") as refused:
        dog_changes.transfer_dog(
            card_town.database,
            card_town.rex,
            card_town.john,
            (card("2.25"),),
            actor=CLERK,
            clock=card_town.clock,
        )
    assert refused.value.field == "card"
    with card_town.database.read() as session:
        dog = session.get(Dog, card_town.rex)
        assert dog is not None and dog.owner_id == card_town.jane


def test_a_dog_with_no_license_in_force_is_transferred_without_any_payment(
    card_town: Town,
) -> None:
    with pytest.raises(ValidationError, match="no transfer fee is due") as refused:
        dog_changes.transfer_dog(
            card_town.database,
            card_town.bella,
            card_town.john,
            (card("1.00"),),
            actor=CLERK,
            clock=card_town.clock,
        )
    assert refused.value.field == "tenders"
    result = dog_changes.transfer_dog(
        card_town.database, card_town.bella, card_town.john, (), actor=CLERK, clock=card_town.clock
    )
    assert (result.receipt_id, result.total, result.fees) == (None, ZERO, ZERO)


# --- the property: whatever was bought -----------------------------------------------

PURCHASES = ("dog license", "transfer", "replacement tag", "kennel license")
_numbers = itertools.count(500)
PROFILES = {True: card_fee_profile(), False: presets.preset_toml("westborough")}


def _pay(total: Decimal, how: str, card_share: int) -> tuple[tuple[TenderInput, ...], Decimal]:
    """The tenders for ``how`` and the part of ``total`` the card pays (before its fee)."""
    if how == "cash":
        return (cash(),), ZERO
    if how == "check":
        return (check("88"),), ZERO
    if how == "card" or total < Decimal("0.02"):
        return (card(),), total
    share = Decimal(card_share % int(total * 100 - 1) + 1) / 100  # 0.01 .. total - 0.01
    return (card(f"{share:.2f}"), cash()), share


def use_rules(town: Town, profile_toml: str) -> None:
    """Put ``profile_toml`` in force, unless it is already (the same rules are not saved
    twice)."""
    newest = profile_history(town.database)[0].version_id
    if profile_version(town.database, newest).profile_toml != profile_toml:
        save_town_profile(town.database, profile_toml, actor=CLERK, clock=town.clock)


Sold = licensing.CheckoutResult | FeeResult | KennelSaleResult


def _buy(town: Town, what: str, how: str, card_share: int) -> tuple[Sold, Decimal]:
    """Buy ``what`` paid ``how``: (the use case's result, the card's share)."""
    db, clock = town.database, town.clock
    if what == "dog license":
        owner, dog = new_dog(db, clock, next(_numbers))
        standing = licensing.quote_dogs(db, [dog], clock.today())[0]
        assert standing.quote is not None
        tenders, share = _pay(standing.quote.total, how, card_share)
        request = licensing.CheckoutRequest(owner, (licensing.LicenseItem(dog),), tenders)
        return licensing.checkout(db, request, actor=CLERK, clock=clock), share
    if what == "transfer":
        with db.read() as session:
            rex = session.get(Dog, town.rex)
            assert rex is not None
            to = town.john if rex.owner_id == town.jane else town.jane
        tenders, share = _pay(Decimal("1.25"), how, card_share)
        return dog_changes.transfer_dog(db, town.rex, to, tenders, actor=CLERK, clock=clock), share
    if what == "replacement tag":
        tenders, share = _pay(Decimal("1.00"), how, card_share)
        license_id = license_in_force(town, town.rex)
        result = dog_changes.replace_tag(
            db, license_id, tenders, new_tag=None, actor=CLERK, clock=clock
        )
        return result, share
    kennel, _dogs = add_kennel_with_dogs(town, f"Kennel {next(_numbers)}", [], max_dogs=4)
    inspect(town, kennel)
    quoted = kennel_standing(db, kennel, on=clock.today()).quote
    assert quoted is not None
    tenders, share = _pay(quoted.total, how, card_share)
    request = KennelSaleRequest(kennel, tenders)
    return sell_kennel_license(db, request, actor=CLERK, clock=clock), share


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    what=st.sampled_from(PURCHASES),
    how=st.sampled_from(("card", "card and cash", "cash", "check")),
    card_share=st.integers(0, 10_000),
    fee_in_force=st.booleans(),
)
def test_a_card_payment_always_carries_exactly_one_convenience_fee_line(
    card_town: Town, what: str, how: str, card_share: int, fee_in_force: bool
) -> None:
    town = card_town
    use_rules(town, PROFILES[fee_in_force])
    result, share = _buy(town, what, how, card_share)
    total, lines, tenders = receipt_rows(town, result.receipt_id)
    # Lines and tenders always add up to the receipt, and the result says that total.
    assert sum(amount for _c, amount, _d in lines) == total == result.total
    assert sum(amount for _k, amount in tenders) == total
    fees = [amount for code, amount, dog in lines if code == CARD_FEE and dog is None]
    paid_by_card = "card" in how and share > 0
    if not (paid_by_card and fee_in_force):
        assert fees == [] and result.fees == ZERO
        return
    # Exactly one fee line: the rules' fee on the card's share, which the card pays.
    expected = payment_fee(parse_profile(PROFILES[True]), "card", share, town.clock.today())
    assert expected is not None
    assert fees == [expected.amount] == [result.fees]
    assert [amount for kind, amount in tenders if kind is TenderKind.CARD] == [
        share + expected.amount
    ]

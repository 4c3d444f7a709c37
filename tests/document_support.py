"""A demo town with one owner's two dogs licensed on one receipt, for the document tests.

Westborough (demo seed 3, 30 dogs). Both dogs were licensed last spring (2025–26), so on
June 1, 2026 each owes the renewal plus the late fee ($3 plus $1 for the first week); the
first dog's late fee is waived. The receipt is paid by check no. 1234.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import Dog, Owner, TenderKind
from clerkdesk.rules import presets
from clerkdesk.services import licensing, tags, voids
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.town import save_town_profile
from prepared_databases import demo_copy

CLERK = staff("mjones")
CHECK_NUMBER = "1234"
WAIVER = "Owner was in hospital in May"
THIS_YEAR = dt.date(2026, 4, 1)
LAST_YEAR = dt.date(2025, 4, 1)


@dataclass(frozen=True)
class Sale:
    receipt_id: int
    result: licensing.CheckoutResult
    owner_id: int
    dog_ids: tuple[int, int]
    waived_dog_id: int


def _owner_with_two_licensable_dogs(database: Database, on: dt.date) -> tuple[int, list[int]]:
    with database.read() as session:
        kept: dict[int, list[int]] = {}
        for dog in session.scalars(select(Dog).order_by(Dog.id)):
            kept.setdefault(dog.owner_id, []).append(dog.id)
    for owner_id, dog_ids in kept.items():
        standings = licensing.quote_dogs(database, dog_ids, on)
        ready = [s.dog_id for s in standings if s.can_license]
        if len(ready) >= 2:
            return owner_id, ready[:2]
    raise AssertionError("the demo town has no owner with two dogs ready to license")


def license_two_dogs(
    database: Database, clock: FixedClock, *, owner_name: tuple[str, str] | None = None
) -> Sale:
    """``owner_name`` renames the owner first (the receipt keeps the payer's name as paid)."""
    demo_copy(database, dogs=30, seed=3, town_id="westborough", clock=clock)
    last_spring = FixedClock(dt.datetime(2025, 5, 1, 9, 0, tzinfo=clock.now().tzinfo))
    for start, when in ((LAST_YEAR, last_spring), (THIS_YEAR, clock)):
        tags.receive_stock(database, start, 1, 500, actor=CLERK, clock=when)
    owner_id, (first, second) = _owner_with_two_licensable_dogs(database, clock.today())
    if owner_name is not None:
        _rename(database, owner_id, *owner_name)
    items = (licensing.LicenseItem(first), licensing.LicenseItem(second))
    licensing.checkout(
        database,
        licensing.CheckoutRequest(
            owner_id, items, (TenderInput(TenderKind.CASH, Decimal("100.00")),)
        ),
        actor=staff("assistant"),
        clock=last_spring,
    )
    quotes = [s.quote for s in licensing.quote_dogs(database, [first, second], clock.today())]
    assert quotes[0] is not None and quotes[1] is not None
    waived = sum((x.amount for x in quotes[0].lines if x.code == "late_fee"), Decimal("0.00"))
    assert waived > 0, "the first dog should owe a late fee"
    total = quotes[0].total + quotes[1].total - waived
    result = licensing.checkout(
        database,
        licensing.CheckoutRequest(
            owner_id,
            (licensing.LicenseItem(first, waivers={"late_fee": WAIVER}), items[1]),
            (TenderInput(TenderKind.CHECK, total, CHECK_NUMBER),),
        ),
        actor=CLERK,
        clock=clock,
    )
    return Sale(result.receipt_id, result, owner_id, (first, second), first)


def _rename(database: Database, owner_id: int, first: str, last: str) -> None:
    with database.write() as session:
        owner = session.get(Owner, owner_id)
        assert owner is not None
        owner.first_name, owner.last_name = first, last


def void_receipt(database: Database, receipt_id: int, when: dt.datetime, by: str, why: str) -> None:
    """Void a receipt through the void service, as ``by`` (a clerk) at ``when``."""
    voids.void_receipt(database, receipt_id, why, actor=staff(by), clock=FixedClock(when))


CARD_FEE = """
[schedules.payment_fees.card]
percent = 3
minimum = 1.00
cap = 10.00
description = "Card convenience fee"
citation = "Treasurer's fee schedule 2026"
"""
CARD_AUTHORIZATION = "AUTH-77"


def card_fee_profile() -> str:
    """Westborough's rules with a 3% card fee, at least 1.00, at most 10.00, to "Card fees"."""
    text = presets.preset_toml("westborough")
    default = 'default = "Dog licenses"'
    assert default in text
    return text.replace(default, f'{default}\nconvenience_fee = "Card fees"') + CARD_FEE


def license_by_card(database: Database, clock: FixedClock) -> Sale:
    """A demo owner's two dogs licensed on ``clock``'s day, paid by card under the card fee."""
    demo_copy(database, dogs=30, seed=3, town_id="westborough", clock=clock)
    save_town_profile(database, card_fee_profile(), actor=CLERK, clock=clock)
    tags.receive_stock(database, THIS_YEAR, 1, 500, actor=CLERK, clock=clock)
    owner_id, (first, second) = _owner_with_two_licensable_dogs(database, clock.today())
    items = (licensing.LicenseItem(first), licensing.LicenseItem(second))
    result = licensing.checkout(
        database,
        licensing.CheckoutRequest(
            owner_id, items, (TenderInput(TenderKind.CARD, None, CARD_AUTHORIZATION),)
        ),
        actor=CLERK,
        clock=clock,
    )
    return Sale(result.receipt_id, result, owner_id, (first, second), first)


def limits_profile(*, kennel_over: int = 1, max_dogs: int = 2) -> str:
    """Westborough's rules with a kennel license above ``kennel_over`` dogs three months or
    older and a household limit of ``max_dogs``."""
    return presets.preset_toml("westborough") + (
        "\n[schedules.limits]\ncount_age_months = 3\n\n"
        f'[schedules.limits.kennel_license]\nover = {kennel_over}\ncitation = "Art. 9 §10"\n\n'
        f'[schedules.limits.household]\nmax_dogs = {max_dogs}\ncitation = "Art. 9 §15"\n'
    )

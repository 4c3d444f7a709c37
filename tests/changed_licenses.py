"""Licenses that something happened to, made through the services on the small town: a tag
lost and replaced, a dog transferred to a new owner, sold by a clerk with a full name on
the user list. For the certificate and receipt tests of what happened."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from actors import staff
from clerkdesk.models import Owner, TenderKind
from clerkdesk.rules.roles import Role
from clerkdesk.services import licensing, people, rabies
from clerkdesk.services.dog_changes import FeeResult, replace_tag, transfer_dog
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.users import DEMO_HASHER, add_user
from small_town import Town, at, check, dog_input, vaccination

CLERK_LOGIN = "mjones"
CLERK_NAME = "Margaret Jones"
CLERK = staff(CLERK_LOGIN)
LOST_ON = dt.date(2026, 7, 14)
TRANSFERRED_ON = dt.date(2026, 8, 3)
# 60 characters: the longest owner a stress copy names.
LONG_FIRST, LONG_LAST = "Bartholomew Alexander Maximilian", "Featherstonehaugh-Wentworth"


@dataclass(frozen=True)
class Changed:
    sold: licensing.CheckoutResult
    """Rex and Bella licensed for 2026–27 on June 1, 2026 by check no. 1234."""
    replaced: FeeResult
    """Rex's tag reported lost on July 14 and a substitute sold for cash."""
    transferred: FeeResult
    """Bella transferred to John Smith on August 3, paid by check no. 5550 (John renamed to
    a 60-character name first, where ``long_names``)."""


def add_clerk(town: Town) -> None:
    """The office's administrator, and mjones: Margaret Jones on the user list."""
    add_user(town.database, "boss", Role.ADMINISTRATOR, "boss-password", "Pat Boss",
             actor=None, clock=town.clock, hasher=DEMO_HASHER)  # fmt: skip
    add_user(town.database, CLERK_LOGIN, Role.CLERK, "mjones-password", CLERK_NAME,
             actor=staff("boss", Role.ADMINISTRATOR), clock=town.clock,
             hasher=DEMO_HASHER)  # fmt: skip


def rename(town: Town, owner_id: int, first: str, last: str) -> None:
    with town.database.write() as session:
        owner = session.get(Owner, owner_id)
        assert owner is not None
        owner.first_name, owner.last_name = first, last


def sell_replace_and_transfer(town: Town, *, long_names: bool = False) -> Changed:
    add_clerk(town)
    if long_names:
        rename(town, town.john, LONG_FIRST, LONG_LAST)
    items = (licensing.LicenseItem(town.rex), licensing.LicenseItem(town.bella))
    sold = licensing.checkout(
        town.database,
        licensing.CheckoutRequest(town.jane, items, (check("1234"),)),
        actor=CLERK,
        clock=town.clock,
    )
    rex = sold.licenses[0] if sold.licenses[0].dog_id == town.rex else sold.licenses[1]
    replaced = replace_tag(
        town.database,
        rex.license_id,
        (TenderInput(TenderKind.CASH, Decimal("5.00")),),
        new_tag=None,
        actor=CLERK,
        clock=at(LOST_ON, town.clock),
    )
    transferred = transfer_dog(
        town.database,
        town.bella,
        town.john,
        (check("5550"),),
        actor=CLERK,
        clock=at(TRANSFERRED_ON, town.clock),
    )
    return Changed(sold, replaced, transferred)


def license_twelve(town: Town, owner_id: int) -> licensing.CheckoutResult:
    """Twelve dogs with long names licensed for ``owner_id`` on one receipt (check no. 7777)."""
    dogs = []
    for n in range(1, 13):
        dog = people.create_dog(
            town.database,
            owner_id,
            dog_input(f"Dog number {n} with a long name", "female" if n % 2 else "male", n % 3 > 0),
            actor=CLERK,
            clock=town.clock,
        )
        rabies.record_certificate(town.database, dog, vaccination(), actor=CLERK, clock=town.clock)
        dogs.append(dog)
    return licensing.checkout(
        town.database,
        licensing.CheckoutRequest(
            owner_id, tuple(licensing.LicenseItem(d) for d in dogs), (check("7777"),)
        ),
        actor=CLERK,
        clock=town.clock,
    )

"""A town whose tags came from the maker with a prefix: this license year's tags 1–50 were
received as "W-1" to "W-50", tags 51–100 with none (they read "51" … as before). Jane Doe's
Rex is licensed on June 1, 2026 with the first tag, W-1; her Bella holds no license yet.

Built through the services, as a clerk would; the tests of every folder that check a tag
reads as received (``rules.tag_text``) start from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules import presets
from clerkdesk.services import licensing, people, rabies, tags
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.town import save_town_profile
from small_town import CLERK, check, dog_input, owner_input, vaccination

PREFIX = "W-"
YEAR = 2026


@dataclass(frozen=True)
class PrefixedTown:
    database: Database
    clock: FixedClock
    jane: int
    rex: int
    bella: int
    receipt_id: int
    license_id: int
    tag_number: int


def prefixed_town(database: Database, clock: FixedClock) -> PrefixedTown:
    save_town_profile(database, presets.preset_toml("westborough"), actor=CLERK, clock=clock)
    jane = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    rex = people.create_dog(
        database, jane, dog_input("Rex", "male", False), actor=CLERK, clock=clock
    )
    bella = people.create_dog(
        database, jane, dog_input("Bella", "female", True), actor=CLERK, clock=clock
    )
    for dog in (rex, bella):
        rabies.record_certificate(database, dog, vaccination(), actor=CLERK, clock=clock)
    for first, last, prefix in ((1, 50, PREFIX), (51, 100, None)):
        tags.receive_tags(
            database, tags.ReceiveTags(YEAR, first, last, prefix=prefix), actor=CLERK, clock=clock
        )
    sold = licensing.checkout(
        database,
        CheckoutRequest(jane, (LicenseItem(rex),), (check(),)),
        actor=CLERK,
        clock=clock,
    )
    (issued,) = sold.licenses
    return PrefixedTown(
        database, clock, jane, rex, bella, sold.receipt_id, issued.license_id, issued.tag_number
    )


def license_with_tag(town: PrefixedTown, dog: int, tag: int) -> licensing.CheckoutResult:
    """License ``dog`` with the tag ``tag`` typed at the counter."""
    return licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(dog, tag_number=tag),), (check("1235"),)),
        actor=CLERK,
        clock=town.clock,
    )

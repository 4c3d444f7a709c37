"""The counter passes a dog's licensing history to the rules, which decide a late fee's reach."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.services import licensing, people, rabies, tags
from small_town import CLERK, Town, at, check, dog_input, vaccination


def test_a_dog_licensed_two_years_ago_pays_westboroughs_late_fee(town: Town) -> None:
    # GIVEN Scout, licensed in Westborough for 2024-25 and not since
    scout = people.create_dog(
        town.database, town.john, dog_input("Scout", "male", True), actor=CLERK, clock=town.clock
    )
    rabies.record_certificate(
        town.database, scout, vaccination(dt.date(2024, 5, 1)), actor=CLERK, clock=town.clock
    )
    tags.receive_stock(town.database, dt.date(2024, 4, 1), 1, 10, actor=CLERK, clock=town.clock)
    licensing.checkout(
        town.database,
        licensing.CheckoutRequest(town.john, (licensing.LicenseItem(scout),), (check("77"),)),
        actor=CLERK,
        clock=at(dt.date(2024, 5, 1), town.clock),
    )
    # WHEN the clerk quotes him on June 1, 2026
    standing = licensing.quote_dogs(town.database, [scout], town.clock.today())[0]
    # THEN §2C's "a dog previously licensed in the Town" reaches him: $3 plus $1 a week
    assert standing.request is not None
    assert (standing.request.renewal, standing.request.last_licensed) == (False, 2024)
    assert standing.request.licensed_here_before
    assert standing.quote is not None
    assert [(line.code, line.amount) for line in standing.quote.lines] == [
        ("dog_license", Decimal("10.00")),
        ("late_fee", Decimal("3.00")),
        ("late_fee", Decimal("1.00")),
    ]
    assert "charged on a dog licensed in this town before" in standing.quote.lines[1].description


def test_a_dog_never_licensed_here_is_not_reached(town: Town) -> None:
    scout = people.create_dog(
        town.database, town.john, dog_input("Scout", "male", True), actor=CLERK, clock=town.clock
    )
    rabies.record_certificate(town.database, scout, vaccination(), actor=CLERK, clock=town.clock)
    standing = licensing.quote_dogs(town.database, [scout], town.clock.today())[0]
    assert standing.request is not None and not standing.request.licensed_here_before
    assert standing.quote is not None and standing.quote.total == Decimal("10.00")
    assert any("licensed in this town before" in note for note in standing.quote.notes)

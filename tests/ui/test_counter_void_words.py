"""The counter says when a dog's license for the year was voided: in the dog's details and in
the card row's tooltip, so the clerk sees why a dog licensed this morning owes again."""

from __future__ import annotations

from clerkdesk.services import licensing, owner_card
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.voids import void_receipt
from clerkdesk.ui.counter.dog_details import license_words
from clerkdesk.ui.counter.owner_card import fee_tooltip
from small_town import CLERK, Town, check
from small_town import town as town

WORDS = "This year's license was voided — Voided 06/01/2026 by clerk: wrong dog"


def test_a_voided_license_is_named_on_the_card(town: Town) -> None:
    sale = licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    void_receipt(town.database, sale.receipt_id, "wrong dog", actor=CLERK, clock=town.clock)
    card = owner_card.owner_card(town.database, town.jane, town.clock.today())
    rex, bella = card.dog(town.rex), card.dog(town.bella)
    assert rex is not None and bella is not None
    assert license_words(rex.standing, rex) == f"Last licensed 2025–26. {WORDS}."
    assert fee_tooltip(rex).endswith(WORDS)
    assert "voided" not in license_words(bella.standing, bella)

"""An owner's year-round residency: recorded on the owner, given to every quote, shown on the
card where the town's exemption asks for it."""

from __future__ import annotations

import dataclasses
import datetime as dt
from decimal import Decimal

from clerkdesk.models import Owner
from clerkdesk.rules import presets
from clerkdesk.services import licensing, people
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.owner_card import YEAR_ROUND_BADGE, owner_card
from clerkdesk.services.town import save_town_profile
from small_town import CLERK, Town, owner_input

# "Owners over 70 who reside in the Town year-round shall license their dogs free."
YEAR_ROUND_SENIORS = """
[schedules.exemptions.senior]
age = 70
age_rule = "over"
owner_facts = ["year_round_resident"]
citation = "Art. 9 §8"
"""


def year_round_town(town: Town) -> None:
    """Westborough's rules plus the two-condition exemption; Jane is made 75."""
    rules = presets.preset_toml("westborough") + YEAR_ROUND_SENIORS
    save_town_profile(town.database, rules, actor=CLERK, clock=town.clock)
    with town.database.write() as session:
        jane = session.get(Owner, town.jane)
        assert jane is not None
        jane.birth_date = dt.date(1951, 1, 2)


def set_year_round(town: Town, year_round: bool) -> None:
    card = owner_card(town.database, town.jane, town.clock.today())
    changed = dataclasses.replace(card.details, year_round_resident=year_round)
    people.update_owner(town.database, town.jane, changed, actor=CLERK, clock=town.clock)


def totals(town: Town) -> list[Decimal]:
    """What each of Jane's dogs (Bella, Rex) owes today."""
    card = owner_card(town.database, town.jane, town.clock.today())
    return [d.standing.quote.total for d in card.dogs if d.standing.quote is not None]


def test_create_and_update_store_the_fact_and_the_card_carries_it(town: Town) -> None:
    created = people.create_owner(
        town.database,
        owner_input("Ann", "Lee", year_round_resident=True),
        actor=CLERK,
        clock=town.clock,
    )
    with town.database.read() as session:
        ann, jane = session.get(Owner, created), session.get(Owner, town.jane)
        assert ann is not None and ann.year_round_resident and ann.facts == ("year_round_resident",)
        assert jane is not None and not jane.year_round_resident and jane.facts == ()

    set_year_round(town, True)
    assert owner_card(town.database, town.jane, town.clock.today()).details.year_round_resident
    set_year_round(town, False)
    assert not owner_card(town.database, town.jane, town.clock.today()).details.year_round_resident


def test_a_year_round_owner_over_70_pays_nothing_and_the_same_owner_not_year_round_pays(
    town: Town,
) -> None:
    # GIVEN Jane, 75, in a town that exempts owners over 70 who live there year-round
    year_round_town(town)

    # WHEN she is not recorded as year-round, THEN Rex (intact, licensed late) pays in full
    # and the quote says what is missing
    card = owner_card(town.database, town.jane, town.clock.today())
    rex = next(d for d in card.dogs if d.dog_id == town.rex)
    assert rex.standing.quote is not None and rex.standing.quote.total > 0
    assert any("a year-round resident" in w for w in rex.standing.quote.warnings)
    assert YEAR_ROUND_BADGE not in card.badges

    # WHEN the clerk records that she lives in town year-round, THEN her dogs are free
    set_year_round(town, True)
    assert totals(town) == [Decimal("0.00"), Decimal("0.00")]
    card = owner_card(town.database, town.jane, town.clock.today())
    assert card.badges == ("over 70 exempt", YEAR_ROUND_BADGE)


def test_the_fact_shows_no_badge_where_no_exemption_asks_for_it(town: Town) -> None:
    # Westborough's own rules exempt no one by residency: the fact would change no fee.
    before = totals(town)
    set_year_round(town, True)
    assert totals(town) == before and sum(before) > 0
    assert owner_card(town.database, town.jane, town.clock.today()).badges == ()
    assert people.facts_named(presets.load_preset("westborough")) == frozenset()


def test_the_dog_that_used_the_exemption_is_not_warned_that_it_is_used_up(town: Town) -> None:
    # GIVEN Jane, 75 and year-round, in a town whose exemption covers one dog
    rules = presets.preset_toml("westborough") + YEAR_ROUND_SENIORS.replace(
        'citation = "Art. 9 §8"', 'max_dogs = 1\ncitation = "Art. 9 §8"'
    )
    save_town_profile(town.database, rules, actor=CLERK, clock=town.clock)
    with town.database.write() as session:
        jane = session.get(Owner, town.jane)
        assert jane is not None
        jane.birth_date = dt.date(1951, 1, 2)
    set_year_round(town, True)

    # WHEN Rex is licensed free under it
    request = CheckoutRequest(town.jane, (LicenseItem(town.rex),), ())
    licensing.checkout(town.database, request, actor=CLERK, clock=town.clock)

    # THEN Rex's line on the card carries no warning that the exemption is used up, while
    # Bella, still due, is told why she pays
    card = owner_card(town.database, town.jane, town.clock.today())
    rex = next(d for d in card.dogs if d.dog_id == town.rex)
    bella = next(d for d in card.dogs if d.dog_id == town.bella)
    assert rex.standing.licensed_for_year and not rex.standing.warnings
    assert any("covers 1 dog and 1 already had it" in w for w in bella.standing.warnings)

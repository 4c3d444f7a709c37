"""The owner's card: each dog with what it owes for the license year being sold, and the
years on sale — next year's too while its early sale is open."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.models import Owner
from clerkdesk.rules import presets
from clerkdesk.services import dog_changes, licensing, people, tags
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.owner_card import owner_card, standings_now
from clerkdesk.services.town import save_town_profile
from document_support import limits_profile
from small_town import CLERK, Town, at, check, dog_input

NEXT_YEAR = dt.date(2027, 4, 1)
EARLY = dt.date(2027, 2, 15)  # 45 days before April 1; Westborough sells 60 days ahead


def license_rex_this_year(town: Town) -> None:
    request = CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check(),))
    licensing.checkout(town.database, request, actor=CLERK, clock=town.clock)


def test_in_june_only_the_year_in_force_is_on_sale(town: Town) -> None:
    card = owner_card(town.database, town.jane, town.clock.today())
    assert [y.label for y in card.years_on_sale] == ["2026–27"]
    assert card.license_year.label == card.license_year_label == "2026–27"
    # Asking for next year before its sale opens gives the year in force, and says so.
    asked = owner_card(town.database, town.jane, town.clock.today(), license_year=2027)
    assert asked.license_year.label == "2026–27"
    assert [d.standing.quote.total for d in asked.dogs if d.standing.quote] == [
        d.standing.quote.total for d in card.dogs if d.standing.quote
    ]


def test_during_early_sale_the_card_quotes_next_year_when_asked(town: Town) -> None:
    # GIVEN Rex licensed for 2026–27 in June, and February's early sale of 2027–28
    license_rex_this_year(town)
    card = owner_card(town.database, town.jane, EARLY)
    assert [y.label for y in card.years_on_sale] == ["2026–27", "2027–28"]
    rex = next(d for d in card.dogs if d.dog_id == town.rex)
    assert rex.held is not None and rex.held.license_year_label == "2026–27"
    assert not rex.standing.can_license

    # WHEN the clerk asks for next year
    ahead = owner_card(town.database, town.jane, EARLY, license_year=2027)

    # THEN Rex owes a renewal for 2027–28 with no late fee, and holds nothing for it yet
    assert ahead.license_year.label == ahead.license_year_label == "2027–28"
    assert ahead.license_year_end == dt.date(2028, 3, 31)
    rex = next(d for d in ahead.dogs if d.dog_id == town.rex)
    assert rex.held is None and rex.standing.can_license
    assert rex.standing.quote is not None
    assert [(line.code, line.amount) for line in rex.standing.quote.lines] == [
        ("dog_license", Decimal("15.00"))
    ]
    assert any("early sale" in w for w in rex.standing.warnings)
    assert rex in ahead.due


def test_the_card_for_next_year_shows_the_license_sold_early(town: Town) -> None:
    license_rex_this_year(town)
    early = at(EARLY, town.clock)
    tags.receive_stock(town.database, NEXT_YEAR, 1, 10, actor=CLERK, clock=early)
    request = CheckoutRequest(town.jane, (LicenseItem(town.rex, license_year=2027),), (check(),))
    sold = licensing.checkout(town.database, request, actor=CLERK, clock=early)
    ahead = owner_card(town.database, town.jane, EARLY, license_year=2027)
    rex = next(d for d in ahead.dogs if d.dog_id == town.rex)
    assert rex.held is not None
    assert (rex.held.number, rex.held.license_year_label) == (sold.licenses[0].number, "2027–28")
    assert rex.standing.licensed_for_year and not rex.standing.can_license


def test_an_age_badge_shows_only_where_the_town_exempts_older_owners(
    town: Town, database: Database, clock: FixedClock
) -> None:
    # GIVEN Jane turned 75 in Westborough, whose bylaw has no senior exemption
    with database.write() as session:
        jane = session.get(Owner, town.jane)
        assert jane is not None
        jane.birth_date = dt.date(1951, 1, 2)
    card = owner_card(database, town.jane, clock.today())
    assert card.age == 75
    assert card.badges == ()  # a "70+" would mean nothing here
    # WHEN the town's rules exempt owners aged 72 or over (a schedule of the same town)
    senior = '\n[schedules.exemptions.senior]\nage = 72\nfee = 0.00\ncitation = "Art. 9"\n'
    rules = presets.preset_toml("westborough") + senior
    save_town_profile(database, rules, actor=CLERK, clock=clock)
    # THEN the badge appears, with the age the rule names
    assert owner_card(database, town.jane, clock.today()).badges == ("72+ exempt",)


def test_standings_now_follow_a_transfer_and_name_the_new_owner(town: Town) -> None:
    dog_changes.transfer_dog(town.database, town.rex, town.john, (), actor=CLERK, clock=town.clock)
    now = standings_now(town.database, [(town.rex, 2026), (town.bella, None)], town.clock.today())
    rex, bella = now.standings
    assert (rex.owner_id, bella.owner_id) == (town.john, town.jane)
    assert now.owner_names == {town.john: "John Smith", town.jane: "Jane Doe"}
    assert rex.license_year is not None and rex.license_year.label == "2026–27"


def test_the_card_warns_when_active_dogs_pass_the_town_limits(town: Town) -> None:
    # GIVEN a kennel license above one dog three months or older, and at most two a household
    save_town_profile(town.database, limits_profile(), actor=CLERK, clock=town.clock)
    today = town.clock.today()
    # THEN Jane's Rex and Bella need a kennel license
    assert owner_card(town.database, town.jane, today).limit_warnings == (
        "2 dogs 3 months or older: more than 1 needs a kennel license (Art. 9 §10)",
    )
    # WHEN a two-month-old puppy joins them, it is not counted yet
    people.create_dog(
        town.database,
        town.jane,
        dog_input("Pip", "female", False, birth_date=dt.date(2026, 4, 1)),
        actor=CLERK,
        clock=town.clock,
    )
    assert len(owner_card(town.database, town.jane, today).limit_warnings) == 1
    # AND a grown dog passes the household limit too
    people.create_dog(
        town.database, town.jane, dog_input("Max", "male", True), actor=CLERK, clock=town.clock
    )
    assert owner_card(town.database, town.jane, today).limit_warnings == (
        "3 dogs 3 months or older: more than 1 needs a kennel license (Art. 9 §10)",
        "3 dogs 3 months or older: a household may keep no more than 2 (Art. 9 §15)",
    )
    # AND John, with no dogs, is warned of nothing
    assert owner_card(town.database, town.john, today).limit_warnings == ()


def test_no_limit_warnings_without_limits_in_the_profile(town: Town) -> None:
    assert owner_card(town.database, town.jane, town.clock.today()).limit_warnings == ()


def test_the_card_marks_a_dog_new_to_town_only_in_the_license_year_it_came(town: Town) -> None:
    # Westborough's license year runs April to March; today is in 2026–27.
    today = town.clock.today()
    came = people.create_dog(
        town.database,
        town.jane,
        dog_input("Newcomer", "female", True, came_to_town_on=today - dt.timedelta(days=10)),
        actor=CLERK,
        clock=town.clock,
    )
    long_ago = people.create_dog(
        town.database,
        town.jane,
        dog_input("Oldtimer", "male", True, came_to_town_on=dt.date(2019, 5, 1)),
        actor=CLERK,
        clock=town.clock,
    )
    card = owner_card(town.database, town.jane, today)
    by_id = {d.dog_id: d for d in card.dogs}
    assert by_id[came].new_to_town_until == dt.date(2027, 3, 31)
    assert by_id[long_ago].new_to_town_until is None
    # A year on, the newcomer is a resident's dog.
    later = owner_card(town.database, town.jane, dt.date(2027, 6, 1))
    assert {d.dog_id: d for d in later.dogs}[came].new_to_town_until is None

"""Rule shapes real towns use: amounts by sex and altered status, open-ended kennel tiers,
town-named kennel categories, late fees waived for dogs new to town, surcharges on service
animals, and the examples and date messages a clerk reads."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.errors import ValidationError
from clerkdesk.rules import (
    DogQuoteRequest,
    KennelQuoteRequest,
    ProfileError,
    TownProfile,
    parse_profile,
    quote_dog,
    quote_kennel,
)
from clerkdesk.rules.kennel_quote import kennel_class_of

D = Decimal
HEAD = """
[town]
id = "shapes"
name = "Shapes"
{examples}
[license_year]
start = "01-01"
due = "03-31"
grace_days_new_to_town = 30
[accounts]
default = "Dogs"
[[schedules]]
effective = 2020-01-01
[schedules.dog_fees]
male_intact = 15.00
female_intact = 15.00
male_altered = 10.00
female_altered = 10.00
citation = "§1"
"""
BY_DOG = (
    "{ male_intact = 25.00, female_intact = 20.00, male_altered = 10.00, female_altered = 8.00 }"
)


def town(fragment: str, examples: str = "") -> TownProfile:
    return parse_profile(HEAD.format(examples=examples) + fragment)


def problems(fragment: str) -> tuple[str, ...]:
    with pytest.raises(ProfileError) as caught:
        town(fragment)
    return caught.value.problems


def dog(on: dt.date, **kw: object) -> DogQuoteRequest:
    return DogQuoteRequest(on=on, **{"sex": "male", "altered": False, **kw})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("sex", "altered", "each"),
    [
        ("male", False, "25.00"),
        ("female", False, "20.00"),
        ("male", True, "10.00"),
        ("female", True, "8.00"),
    ],
)
def test_arrears_by_sex_and_altered_status(sex: str, altered: bool, each: str) -> None:
    profile = town(f"[schedules.arrears]\namount = {BY_DOG}\ncitation = '§7'\n")
    quote = quote_dog(profile, dog(dt.date(2026, 2, 1), sex=sex, altered=altered, missed_years=2))
    assert [line.amount for line in quote.lines[1:]] == [D(each), D(each)]
    assert quote.lines[1].description.endswith(
        f"(${each} for a {sex}, {'spayed/neutered' if altered else 'intact'} dog)"
    )


def test_not_licensed_last_year_add_on_by_sex_and_altered_status() -> None:
    profile = town(
        "[[schedules.late_fees]]\nkind = 'flat'\napplies_to = 'not_licensed_last_year'\n"
        f"code = 'unlicensed'\ndescription = 'Not licensed last year'\namount = {BY_DOG}\n"
    )
    april = dt.date(2026, 4, 1)
    assert quote_dog(profile, dog(april)).total == D("40.00")
    assert quote_dog(profile, dog(april, sex="female", altered=True)).total == D("18.00")
    assert quote_dog(profile, dog(april, renewal=True)).total == D("15.00")
    assert quote_dog(profile, dog(april, last_licensed=2023)).total == D("40.00")
    line = quote_dog(profile, dog(april)).lines[1]
    assert (line.code, line.description.split(":")[0]) == ("unlicensed", "Not licensed last year")


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        ("{ male_intact = 1.00 }", "female_intact: is required"),
        (
            "{ male_intact = 1.00, female_intact = 1.00, male_altered = 1.00, "
            "female_altered = 1.00, x = 1 }",
            "x: unknown key",
        ),
        (
            "{ male_intact = -1.00, female_intact = 1.00, male_altered = 1.00, "
            "female_altered = 1.00 }",
            "must not be negative",
        ),
    ],
)
def test_a_bad_by_dog_amount_names_its_key(amount: str, words: str) -> None:
    found = problems(f"[schedules.arrears]\namount = {amount}\n")
    assert any(p.startswith("schedules[0].arrears.amount.") and words in p for p in found), found


def test_late_fee_waived_for_a_dog_new_to_town_but_not_a_residents_first_license() -> None:
    profile = town(
        "[[schedules.late_fees]]\nkind = 'flat'\napplies_to = 'except_new_to_town'\n"
        "amount = 10.00\ncitation = '§6'\n"
    )
    sept = dt.date(2026, 9, 1)
    new = quote_dog(profile, dog(sept, new_to_town_since=dt.date(2026, 1, 15)))
    assert new.total == D("15.00")
    assert new.notes == (
        "no late fee (§6): it is charged on every dog but one new to town, and this dog is not one",
    )
    assert quote_dog(profile, dog(sept)).total == D("25.00")
    assert quote_dog(profile, dog(sept, renewal=True)).total == D("25.00")


KENNEL = """
[schedules.kennel]
max_dogs = 40
citation = "§10"
tiers = [{ up_to = 4, fee = 25.00 }, { up_to = 15, fee = 50.00 }, { more_than = 15, fee = 100.00 }]
[schedules.kennel.categories.hobby]
class = "personal"
description = "Hobby kennel"
fee = 30.00
citation = "§10(a)"
[schedules.kennel.categories.rescue]
class = "charitable"
free = true
"""


def test_open_ended_top_tier_and_town_categories() -> None:
    profile = town(KENNEL)
    feb = dt.date(2026, 2, 1)
    assert quote_kennel(profile, KennelQuoteRequest(feb, 15)).total == D("50.00")
    top = quote_kennel(profile, KennelQuoteRequest(feb, 40))
    assert top.total == D("100.00")
    assert top.lines[0].description.endswith(": $100.00 for more than 15 dogs")
    hobby = KennelQuoteRequest(feb, 3, category="hobby")
    line = quote_kennel(profile, hobby).lines[0]
    assert (line.amount, line.citation) == (D("30.00"), "§10(a)")
    assert "Hobby kennel (a personal kennel under MGL c.140 §136A)" in line.description
    assert kennel_class_of(profile, hobby) == "personal"
    rescue = KennelQuoteRequest(feb, 3, category="rescue", kennel_class="veterinary")
    assert kennel_class_of(profile, rescue) == "charitable"
    assert quote_kennel(profile, rescue).total == D("0.00")
    with pytest.raises(ValidationError, match=r'no kennel category "show" .*hobby, rescue'):
        quote_kennel(profile, KennelQuoteRequest(feb, 3, category="show"))


@pytest.mark.parametrize(
    ("tiers", "words"),
    [
        ("[{ more_than = 4, fee = 1.00 }]", "more_than: must follow a tier with up_to"),
        ("[{ up_to = 4, fee = 1.00 }, { more_than = 5, fee = 2.00 }]", "must be 4, the previous"),
        (
            "[{ up_to = 4, fee = 1.00 }, { more_than = 4, fee = 2.00 }, { up_to = 9, fee = 3.00 }]",
            "only the last tier may be open-ended",
        ),
    ],
)
def test_a_misplaced_open_ended_tier_is_refused(tiers: str, words: str) -> None:
    found = problems(f"[schedules.kennel]\ntiers = {tiers}\n")
    assert any(words in p for p in found), found


def test_a_category_needs_a_state_class_and_a_charitable_one_is_free() -> None:
    found = problems(
        "[schedules.kennel]\nfee = 5.00\n[schedules.kennel.categories.x]\nfee = 1.00\n"
        "[schedules.kennel.categories.y]\nclass = 'charitable'\nfee = 1.00\n"
    )
    assert any(p.startswith("schedules[0].kennel.categories.x.class: is required") for p in found)
    assert any("categories.y" in p and "set free = true" in p for p in found), found


def test_surcharges_on_a_service_animal() -> None:
    profile = town(
        "[[schedules.surcharges]]\ndesignation = 'dangerous'\namount = 25.00\n"
        "[[schedules.surcharges]]\ndesignation = 'unrestrained'\namount = 10.00\n"
        "service_animals = false\ncitation = '§9A'\n"
    )
    feb = dt.date(2026, 2, 1)
    both = ("dangerous", "unrestrained")
    service = quote_dog(profile, dog(feb, service_animal=True, designations=both))
    assert [line.code for line in service.lines] == ["dog_license", "surcharge_dangerous"]
    assert service.total == D("25.00")
    assert service.notes == (
        "no surcharge: unrestrained dog: a service animal does not pay it (§9A)",
    )
    assert quote_dog(profile, dog(feb, designations=both)).total == D("50.00")


LATE = "[[schedules.late_fees]]\nkind = 'flat'\namount = 5.00\n"


@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("schedules[0].late_fees", "Late fees (fee schedule effective 01/01/2020)"),
        ("schedules[0].late_fees[0]", "Late fees 1 (fee schedule effective 01/01/2020)"),
        ("schedules[0]", "Fee schedule effective 01/01/2020"),
    ],
)
def test_an_example_naming_a_rule_list_warns_on_the_quotes_that_use_it(
    key: str, words: str
) -> None:
    profile = town(LATE, examples=f'examples = ["{key}"]')
    late = quote_dog(profile, dog(dt.date(2026, 4, 1)))
    # The warning names the value as the Town rules page does, never by its TOML key.
    assert late.warnings == (
        f"“{words}” in the town rules is an example value, not yet confirmed by the clerk",
    )
    assert "preset" not in late.warnings[0]
    on_time = quote_dog(profile, dog(dt.date(2026, 2, 1)))
    assert on_time.warnings == (() if key != "schedules[0]" else late.warnings)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "[[schedules]]\neffective = 2026-13-01\n",
            "schedules[1].effective: 2026-13-01 is not a date (line 21)",
        ),
        (
            "[schedules.impound]\nfrom = 2026-02-30\n",
            "schedules[0].impound.from: 2026-02-30 is not a date (line 21)",
        ),
        (
            "\n[[schedules]]\n[schedules.dog_fees]\nx = 2026-1-1 # a comment\n",
            "schedules[1].dog_fees.x: 2026-1-1 is not a date (line 23)",
        ),
    ],
)
def test_a_bad_bare_toml_date_names_its_key(text: str, expected: str) -> None:
    found = problems(text)
    assert len(found) == 1
    assert found[0].startswith(expected), found
    assert found[0].endswith("write a real date as YYYY-MM-DD, such as 2026-04-01")

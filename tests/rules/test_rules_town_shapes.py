"""Rule shapes towns publish (issue 14): under-age fees, exemptions with two conditions, a
late fee counted from a dog's arrival, card convenience fees and dog limits."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.errors import ValidationError
from clerkdesk.rules import DogQuoteRequest, ProfileError, TownProfile, parse_profile, quote_dog
from clerkdesk.rules.limits import dog_limit_warnings
from clerkdesk.rules.payment_fees import payment_fee

D = Decimal
FEB = dt.date(2026, 2, 1)
HEAD = """
[town]
id = "shapes"
name = "Shapes"
[license_year]
start = "01-01"
due = "03-31"
grace_days_new_to_town = 60
citation = "§1"
[accounts]
default = "Dogs"
convenience_fee = "Card fees"
[[schedules]]
effective = 2020-01-01
citation = "§5"
[schedules.dog_fees]
male_intact = 15.00
female_intact = 15.00
male_altered = 10.00
female_altered = 10.00
citation = "§5"
"""


def town(fragment: str) -> TownProfile:
    return parse_profile(HEAD + fragment)


def problems(fragment: str) -> tuple[str, ...]:
    with pytest.raises(ProfileError) as caught:
        town(fragment)
    return caught.value.problems


def dog(on: dt.date = FEB, **kw: object) -> DogQuoteRequest:
    return DogQuoteRequest(on=on, **{"sex": "male", "altered": False, **kw})  # type: ignore[arg-type]


UNDER_AGE = "[schedules.dog_fees.under_age]\nmonths = 6\nmale_intact = 5.00\ncitation = '§5c'\n"


def test_an_under_age_fee_is_computed_from_the_birth_date() -> None:
    profile = town(UNDER_AGE)
    young = quote_dog(profile, dog(born=dt.date(2025, 8, 2)))
    assert young.total == D("5.00")
    assert young.lines[0].citation == "§5; §5c"
    assert young.lines[0].source == "schedules[0].dog_fees.under_age"
    # six months old that day: the regular fee
    assert quote_dog(profile, dog(born=dt.date(2025, 8, 1))).total == D("15.00")
    assert quote_dog(profile, dog(born=dt.date(2025, 8, 2), sex="female")).total == D("15.00")
    assert quote_dog(profile, dog()).total == D("15.00")


@pytest.mark.parametrize(
    ("fragment", "words"),
    [
        ("[schedules.dog_fees.under_age]\nmonths = 6\n", "needs a fee for at least one"),
        ("[schedules.dog_fees.under_age]\nmale_intact = 1.00\n", "months: is required"),
        ("[schedules.dog_fees.under_age]\nmonths = 0\nmale_intact = 1.00\n", "must be 1 or more"),
    ],
)
def test_a_bad_under_age_fee_names_its_key(fragment: str, words: str) -> None:
    found = problems(fragment)
    assert any(p.startswith("schedules[0].dog_fees.under_age") and words in p for p in found)


SENIOR = """
[schedules.exemptions.senior]
age = 65
age_rule = "over"
owner_facts = ["year_round_resident"]
citation = "§8"
"""


def test_an_exemption_with_an_age_over_and_an_owner_fact() -> None:
    profile = town(SENIOR)
    resident = ("year_round_resident",)
    over = quote_dog(profile, dog(owner_born=dt.date(1960, 1, 31), owner_facts=resident))
    assert over.total == D("0.00")
    assert "owner aged over 65 and a year-round resident, no fee" in over.lines[0].description
    exactly = quote_dog(profile, dog(owner_born=dt.date(1961, 2, 1), owner_facts=resident))
    assert exactly.total == D("15.00")
    without = quote_dog(profile, dog(owner_born=dt.date(1950, 1, 1)))
    assert without.total == D("15.00")
    assert without.warnings == (
        "the owner is 76, but the exemption for an owner aged over 65 and a year-round "
        "resident also needs the owner to be a year-round resident, which is not recorded",
    )
    with pytest.raises(ValidationError, match='"snowbird" is not a fact about an owner'):
        quote_dog(profile, dog(owner_facts=("snowbird",)))


def test_an_unknown_owner_fact_or_age_rule_is_refused() -> None:
    found = problems(
        SENIOR.replace('"year_round_resident"', '"year_round_residnet"').replace(
            '"over"', '"above"'
        )
    )
    assert any('"year_round_residnet" is not an owner fact (did you mean' in p for p in found)
    assert any(
        p.startswith("schedules[0].exemptions.senior.age_rule: must be one of") for p in found
    )


NEW_TO_TOWN = """
[[schedules.late_fees]]
kind = "periodic"
applies_to = "new_to_town"
after_days = 30
base = 2.00
amount = 1.00
period = "week"
citation = "§6A"
"""


def test_a_late_fee_counted_from_the_dogs_arrival() -> None:
    profile = town(NEW_TO_TOWN)
    arrived = dt.date(2026, 5, 1)
    assert quote_dog(profile, dog(dt.date(2026, 5, 31), new_to_town_since=arrived)).total == D(
        "15.00"
    )
    late = quote_dog(profile, dog(dt.date(2026, 6, 1), new_to_town_since=arrived))
    assert late.total == D("18.00")
    assert late.lines[1].description.startswith("Late fee: base $2.00, late from 06/01/2026")
    assert "× 1 week from 06/01/2026" in late.lines[2].description
    assert late.lines[2].description.endswith(
        "30 days after the dog came to town on 05/01/2026; charged on a dog new to town, "
        "counted from the day it came"
    )
    assert quote_dog(profile, dog(dt.date(2026, 6, 1))).total == D("15.00")


@pytest.mark.parametrize(
    ("fragment", "words"),
    [
        (NEW_TO_TOWN.replace("after_days = 30\n", ""), "after_days: is required with applies_to"),
        (NEW_TO_TOWN + 'from = "04-01"\n', "from: is not used with applies_to"),
        (
            NEW_TO_TOWN.replace('applies_to = "new_to_town"', 'applies_to = "all"'),
            "after_days: is only for",
        ),
        (NEW_TO_TOWN.replace('"periodic"', '"doubling"'), 'kind: must be "flat" or "periodic"'),
    ],
)
def test_a_new_to_town_late_fee_needs_after_days_not_from(fragment: str, words: str) -> None:
    assert any(words in p for p in problems(fragment))


CARD = """
[schedules.payment_fees.card]
percent = 2.95
minimum = 1.00
cap = 10.00
citation = "Treasurer"
"""


@pytest.mark.parametrize(
    ("paid", "fee"), [("15.00", "1.00"), ("100.00", "2.95"), ("500.00", "10.00"), ("0.00", None)]
)
def test_a_card_fee_per_payment_with_a_minimum_and_a_cap(paid: str, fee: str | None) -> None:
    profile = town(CARD)
    line = payment_fee(profile, "card", D(paid), FEB)
    if fee is None:
        assert line is None
        return
    assert line is not None
    assert (line.code, line.amount, line.account, line.citation) == (
        "convenience_fee",
        D(fee),
        "Card fees",
        "Treasurer",
    )
    assert payment_fee(profile, "check", D(paid), FEB) is None


def test_a_card_fee_is_validated_and_needs_an_account() -> None:
    with pytest.raises(ValidationError, match='"iou" is not a way to pay'):
        payment_fee(town(CARD), "iou", D("1.00"), FEB)
    found = problems(CARD.replace("card]", "paypal]").replace("cap = 10.00", "cap = 0.50"))
    assert any(p.startswith("schedules[0].payment_fees.paypal: is not a way to pay") for p in found)
    assert any("the cap (0.50) must not be below the minimum (1.00)" in p for p in found)
    bare = (HEAD + CARD).replace(
        'default = "Dogs"\nconvenience_fee = "Card fees"\n', 'dog_license = "Dogs"\n'
    )
    with pytest.raises(ProfileError, match=r"accounts\.convenience_fee: no revenue account"):
        parse_profile(bare)


LIMITS = """
[schedules.limits.kennel_license]
over = 3
citation = "§10"
[schedules.limits.household]
max_dogs = 4
citation = "§15"
"""


def test_dog_limits_warn_past_either_number() -> None:
    profile = town(LIMITS)
    grown = [dt.date(2020, 1, 1)] * 3
    assert dog_limit_warnings(profile, FEB, grown) == ()
    assert dog_limit_warnings(profile, FEB, [*grown, dt.date(2026, 1, 1)]) == ()
    assert dog_limit_warnings(profile, FEB, [*grown, None]) == (
        "4 dogs 3 months or older: more than 3 needs a kennel license (§10)",
    )
    assert dog_limit_warnings(profile, FEB, [*grown, *grown]) == (
        "6 dogs 3 months or older: more than 3 needs a kennel license (§10)",
        "6 dogs 3 months or older: a household may keep no more than 4 (§15)",
    )
    assert dog_limit_warnings(town(""), FEB, grown * 5) == ()

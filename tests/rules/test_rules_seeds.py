"""Every number in the four seed bylaws that a profile holds, checked against its preset.

Numbers in the seeds that are not rules a profile holds (dates of adoption, leash lengths,
enclosure sizes, hours of tethering, days to appeal or to hold an unclaimed dog, the $100
insurance minimum, an officer's own $1,000 fine) are listed in each test's docstring so that
nothing is overlooked silently.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from clerkdesk.rules import (
    DogQuoteRequest,
    KennelOverMaximum,
    KennelQuoteRequest,
    TownProfile,
    assess_fine,
    impound_charges,
    quote_dog,
    quote_kennel,
)
from clerkdesk.rules.presets import load_preset

D = Decimal
EASTERN = ZoneInfo("America/New_York")


def at(*parts: int) -> dt.datetime:
    return dt.datetime(*parts, tzinfo=EASTERN)


@pytest.fixture(scope="module")
def westborough() -> TownProfile:
    return load_preset("westborough")


@pytest.fixture(scope="module")
def fairhaven() -> TownProfile:
    return load_preset("fairhaven")


@pytest.fixture(scope="module")
def city() -> TownProfile:
    return load_preset("sample-city")


@pytest.fixture(scope="module")
def town() -> TownProfile:
    return load_preset("sample-town")


def dog(on: dt.date, **kw: object) -> DogQuoteRequest:
    return DogQuoteRequest(on=on, **{"sex": "male", "altered": False, **kw})  # type: ignore[arg-type]


def amounts(profile: TownProfile, request: DogQuoteRequest) -> list[Decimal]:
    return [line.amount for line in quote_dog(profile, request).lines]


# -- Westborough, Article 19 ---------------------------------------------------------------
def test_westborough_license_year_and_age(westborough: TownProfile) -> None:
    """§2A: six months, by April 1; §2B: valid until March 31. (§9: 7 and 20 days to appeal,
    §6: 10 days unclaimed — not fee rules.)"""
    rule = westborough.license_year_rule
    assert (str(rule.start), str(rule.due), rule.license_age_months) == ("04-01", "04-01", 6)
    year = westborough.license_year_containing(dt.date(2027, 3, 31))
    assert (year.start, year.end, year.label) == (
        dt.date(2026, 4, 1),
        dt.date(2027, 3, 31),
        "2026–27",
    )
    assert "2A" in rule.citation


@pytest.mark.parametrize(
    ("sex", "altered", "fee"),
    [
        ("female", False, "15.00"),
        ("male", False, "15.00"),
        ("female", True, "10.00"),
        ("male", True, "10.00"),
    ],
)
def test_westborough_license_fees(
    westborough: TownProfile, sex: str, altered: bool, fee: str
) -> None:
    quote = quote_dog(westborough, dog(dt.date(2026, 4, 1), sex=sex, altered=altered))
    assert quote.total == D(fee)
    assert quote.lines[0].citation == "Art. 19 §11"


def test_westborough_late_fee_three_dollars_plus_one_a_week_from_june_1(
    westborough: TownProfile,
) -> None:
    """§2C: $3 plus $1 per week beginning June 1, for dogs previously licensed in town."""
    assert amounts(westborough, dog(dt.date(2026, 5, 31), renewal=True)) == [D("15.00")]
    june_1 = quote_dog(westborough, dog(dt.date(2026, 6, 1), renewal=True))
    assert [line.amount for line in june_1.lines] == [D("15.00"), D("3.00"), D("1.00")]
    assert june_1.total == D("19.00")
    assert all(line.citation == "Art. 19 §2C" for line in june_1.lines[1:])
    assert "Late fee: $1.00 × 1 week from 06/01/2026 (a week or part counts)" in (
        june_1.lines[2].description
    )
    assert amounts(westborough, dog(dt.date(2026, 6, 7), renewal=True))[-1] == D("1.00")
    assert amounts(westborough, dog(dt.date(2026, 6, 8), renewal=True))[-1] == D("2.00")
    assert quote_dog(westborough, dog(dt.date(2027, 3, 31), renewal=True)).total == D("15.00") + D(
        "3.00"
    ) + D("44.00")
    assert amounts(westborough, dog(dt.date(2026, 6, 1))) == [D("15.00")]


def test_westborough_dog_new_to_town_pays_no_late_fee(westborough: TownProfile) -> None:
    request = dog(dt.date(2026, 6, 1), new_to_town_since=dt.date(2026, 6, 1))
    assert quote_dog(westborough, request).total == D("15.00")


@pytest.mark.parametrize(
    ("dogs", "fee"),
    [(1, "15.00"), (4, "15.00"), (5, "36.50"), (10, "36.50"), (11, "75.00"), (20, "75.00")],
)
def test_westborough_kennel_tiers(westborough: TownProfile, dogs: int, fee: str) -> None:
    quote = quote_kennel(westborough, KennelQuoteRequest(on=dt.date(2026, 6, 1), dogs=dogs))
    assert quote.total == D(fee)


def test_westborough_kennel_no_more_than_20_dogs(westborough: TownProfile) -> None:
    with pytest.raises(KennelOverMaximum, match="no more than 20 dogs"):
        quote_kennel(westborough, KennelQuoteRequest(on=dt.date(2026, 6, 1), dogs=21))


def test_westborough_miscellaneous_fees(westborough: TownProfile) -> None:
    assert westborough.fee("transfer").amount == D("1.25")
    assert westborough.fee("duplicate_tag").amount == D("1.00")


def test_westborough_fines_15_30_50(westborough: TownProfile) -> None:
    on = dt.date(2026, 6, 1)
    earlier = [dt.date(2025, 1, 1), dt.date(2024, 1, 1), dt.date(2023, 1, 1)]
    found = [assess_fine(westborough, "violation", on, earlier[:n]).line.amount for n in range(4)]
    assert found == [D("15.00"), D("30.00"), D("50.00"), D("50.00")]


def test_westborough_impound_10_a_calendar_day_and_15_handling(westborough: TownProfile) -> None:
    lines = impound_charges(westborough, at(2026, 6, 1, 23), at(2026, 6, 3, 1))
    assert [line.amount for line in lines] == [D("30.00"), D("15.00")]


# -- Fairhaven, Chapter 87 -----------------------------------------------------------------
def test_fairhaven_license_period_and_age(fairhaven: TownProfile) -> None:
    """January 1 to December 31; six months old or over. (Kennel: more than four dogs three
    months old; personal kennel: more than three dogs. Adoption at 18, 10 days' detention,
    7 days to claim, 24 hours' notice, 10 days and 30 days in hearings, five years' ban,
    tethering hours and sizes, the $100 insurance minimum and the officer's $1,000 fine are
    not fee rules.)"""
    rule = fairhaven.license_year_rule
    assert (str(rule.start), rule.license_age_months) == ("01-01", 6)
    assert fairhaven.license_year_containing(dt.date(2026, 7, 4)).label == "2026"
    assert fairhaven.schedules[0].kennel is not None
    assert fairhaven.schedules[0].kennel.count_age_months == 3


def test_fairhaven_fees_are_examples_to_confirm(fairhaven: TownProfile) -> None:
    """Fees ¶A: the fees are in Chapter 119, which is not in the seed."""
    assert "schedules[0].dog_fees" in fairhaven.unconfirmed_examples
    quote = quote_dog(fairhaven, dog(dt.date(2026, 2, 1)))
    assert (
        "“Dog license fees (fee schedule effective 05/04/2024)” in the town rules is an example "
        "value, not yet confirmed by the clerk"
    ) in quote.warnings
    assert "Ch. 119" in quote.lines[0].citation


def test_fairhaven_owner_70_on_the_day_of_issue_pays_no_fee(fairhaven: TownProfile) -> None:
    on = dt.date(2026, 3, 10)
    turns_today = dog(on, owner_born=dt.date(1956, 3, 10))
    turns_tomorrow = dog(on, owner_born=dt.date(1956, 3, 11))
    assert quote_dog(fairhaven, turns_today).total == D("0.00")
    assert "Fees ¶B" in quote_dog(fairhaven, turns_today).lines[0].citation
    assert quote_dog(fairhaven, turns_tomorrow).total == quote_dog(fairhaven, dog(on)).total
    assert quote_dog(fairhaven, turns_tomorrow).total > 0


def test_fairhaven_senior_exemption_covers_every_dog(fairhaven: TownProfile) -> None:
    request = dog(dt.date(2026, 3, 10), owner_born=dt.date(1940, 1, 1), owner_exempt_dogs=3)
    assert quote_dog(fairhaven, request).total == D("0.00")


def test_fairhaven_service_animal_free(fairhaven: TownProfile) -> None:
    assert quote_dog(fairhaven, dog(dt.date(2026, 3, 10), service_animal=True)).total == 0


def test_fairhaven_fines_50_100_300_500_by_check_or_money_order_in_21_days(
    fairhaven: TownProfile,
) -> None:
    on = dt.date(2026, 6, 1)
    prior = [dt.date(2020 + n, 1, 1) for n in range(5)]
    found = [assess_fine(fairhaven, "violation", on, prior[:n]) for n in range(5)]
    assert [f.line.amount for f in found] == [D(x) for x in ("50", "100", "300", "500", "500")]
    assert found[0].payment_methods == ("check", "money_order")
    assert found[0].pay_by == on + dt.timedelta(days=21)


def test_fairhaven_other_fines(fairhaven: TownProfile) -> None:
    on = dt.date(2026, 6, 1)
    prior = [dt.date(2025, 1, 1), dt.date(2024, 1, 1)]
    tether = [assess_fine(fairhaven, "tethering", on, prior[:n]) for n in range(3)]
    assert [t.line.amount for t in tether] == [D("50.00"), D("200.00"), D("500.00")]
    assert all(t.maximum for t in tether)
    vehicle = [assess_fine(fairhaven, "animal_in_vehicle", on, prior[:n]) for n in range(3)]
    assert [v.line.amount for v in vehicle] == [D("150.00"), D("300.00"), D("500.00")]
    assert assess_fine(fairhaven, "dog_waste", on).line.amount == D("100.00")


def test_fairhaven_impound_40_a_day(fairhaven: TownProfile) -> None:
    lines = impound_charges(fairhaven, at(2026, 6, 1, 8), at(2026, 6, 2, 8))
    assert [line.amount for line in lines] == [D("80.00")]


# -- the city, Chapter 6 -------------------------------------------------------------------
def test_city_late_fee_ten_dollars_after_may_first(city: TownProfile) -> None:
    """§6-2.4: $10 per dog not licensed on or before May 1, to the general fund. (§6-2: six-
    and sixteen-foot leashes; §6-4: ten days; 10 P.M.–7 A.M. barking — not fee rules.)"""
    may_1 = quote_dog(city, dog(dt.date(2026, 5, 1), renewal=True))
    may_2 = quote_dog(city, dog(dt.date(2026, 5, 2), renewal=True))
    assert may_2.total - may_1.total == D("10.00")
    assert may_2.lines[-1].citation == "§6-2.4"
    assert may_2.lines[-1].account == "General Fund"
    assert quote_dog(city, dog(dt.date(2026, 5, 2))).total - may_1.total == D("10.00")


def test_city_fines(city: TownProfile) -> None:
    on = dt.date(2026, 6, 1)
    prior = [dt.date(2025, 1, 1), dt.date(2024, 1, 1), dt.date(2023, 1, 1)]
    found = [assess_fine(city, "violation", on, prior[:n]).line.amount for n in range(4)]
    assert found == [D("40.00"), D("50.00"), D("100.00"), D("100.00")]
    assert assess_fine(city, "dangerous_dog", on).line.amount == D("100.00")
    assert assess_fine(city, "dangerous_dog", on, prior).line.amount == D("100.00")
    assert assess_fine(city, "failure_to_remove", on).line.amount == D("300.00")
    assert "7 days" in assess_fine(city, "failure_to_remove", on).line.description
    assert assess_fine(city, "collection_day", on).line.amount == D("50.00")


def test_city_impound_six_dollars_per_24_hours_or_part(city: TownProfile) -> None:
    start = at(2026, 6, 1, 9)
    for hours, expected in ((1, "6.00"), (24, "6.00"), (25, "12.00"), (48, "12.00"), (49, "18.00")):
        released = start + dt.timedelta(hours=hours)
        assert impound_charges(city, start, released)[0].amount == D(expected)


def test_city_numbers_not_in_chapter_6_are_examples(city: TownProfile) -> None:
    assert "license_year.start" in city.unconfirmed_examples
    assert "schedules[0].dog_fees" in city.unconfirmed_examples
    assert str(city.license_year_rule.due) == "05-01"


# -- the town's domestic-animals bylaw (000) -----------------------------------------------
def test_town_warning_then_fifty_dollars_within_12_months(town: TownProfile) -> None:
    """A written warning for a first violation or one more than 12 months after the last
    enforced one; $50 within 12 months. (Ch. 60 Art. I and MGL c.40 §21D are citations.)"""
    on = dt.date(2026, 6, 1)
    first = assess_fine(town, "domestic_animal", on)
    assert (first.warning, first.line.amount) == (True, D("0.00"))
    within = assess_fine(town, "domestic_animal", on, [dt.date(2025, 6, 1)])
    assert (within.warning, within.line.amount) == (False, D("50.00"))
    after = assess_fine(town, "domestic_animal", on, [dt.date(2025, 5, 31)])
    assert after.warning
    again = assess_fine(town, "domestic_animal", on, [dt.date(2026, 1, 1), dt.date(2025, 3, 1)])
    assert again.line.amount == D("50.00")
    assert "21D" in first.line.citation


def test_every_preset_loads_and_cites_every_fee() -> None:
    from clerkdesk.rules.presets import list_presets

    for info in list_presets():
        profile = load_preset(info.id)
        assert profile.id == info.id
        for schedule in profile.schedules:
            rules = [
                schedule.dog_fees,
                *schedule.late_fees,
                *schedule.other_fees,
                *schedule.fines,
                *([schedule.impound] if schedule.impound else []),
            ]
            for rule in rules:
                assert rule.citation, (info.id, rule.source)

"""Quoting: license years, early sales, exemptions, surcharges, kennels, refusals, warnings."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from clerkdesk.errors import ValidationError
from clerkdesk.rules import (
    DogQuoteRequest,
    KennelQuoteRequest,
    MonthDay,
    QuoteRefused,
    TownProfile,
    assess_fine,
    impound_charges,
    parse_profile,
    quote_dog,
    quote_kennel,
    years_on_sale,
)
from clerkdesk.rules.license_year import add_months, age_in_years
from clerkdesk.rules.presets import load_preset

D = Decimal
EASTERN = ZoneInfo("America/New_York")


@pytest.fixture(scope="module")
def westborough() -> TownProfile:
    return load_preset("westborough")


def test_license_years_and_labels(westborough: TownProfile) -> None:
    year = westborough.license_year_starting_in(2026)
    assert (year.start, year.end, year.starts_in, year.label) == (
        dt.date(2026, 4, 1),
        dt.date(2027, 3, 31),
        2026,
        "2026–27",
    )
    assert westborough.license_year_containing(dt.date(2026, 3, 31)).label == "2025–26"
    assert westborough.license_year_containing(dt.date(2099, 12, 31)).label == "2099–00"
    assert str(year) == "2026–27 (04/01/2026 to 03/31/2027)"
    assert westborough.due_date(year) == dt.date(2026, 4, 1)
    fairhaven = load_preset("fairhaven")
    assert fairhaven.license_year_starting_in(2026).label == "2026"
    assert fairhaven.license_year_starting_in(2024).end == dt.date(2024, 12, 31)


def test_month_day_parsing() -> None:
    assert str(MonthDay.parse("06-01")) == "06-01"
    for bad in ("6-1", "00-10", "04-31", "02-29", "june"):
        with pytest.raises(ValueError):
            MonthDay.parse(bad)


def test_dates() -> None:
    assert add_months(dt.date(2026, 1, 31), 1) == dt.date(2026, 2, 28)
    assert add_months(dt.date(2026, 11, 30), 3) == dt.date(2027, 2, 28)
    assert add_months(dt.date(2026, 3, 15), -3) == dt.date(2025, 12, 15)
    assert age_in_years(dt.date(1956, 3, 10), dt.date(2026, 3, 9)) == 69
    assert age_in_years(dt.date(1956, 3, 10), dt.date(2026, 3, 10)) == 70
    assert age_in_years(dt.date(1956, 2, 29), dt.date(2026, 2, 28)) == 69
    assert age_in_years(dt.date(1956, 2, 29), dt.date(2026, 3, 1)) == 70


def test_early_sale_of_next_years_license(westborough: TownProfile) -> None:
    request = DogQuoteRequest(on=dt.date(2027, 2, 1), sex="male", altered=True, license_year=2027)
    quote = quote_dog(westborough, request)
    assert quote.license_year.start == dt.date(2027, 4, 1)
    assert quote.total == D("10.00")
    assert any("early sale" in w for w in quote.warnings)
    # The example value is named as the Town rules page names it, never by its TOML key.
    assert any(
        w.startswith("“Next year on sale” in the town rules is an example") for w in quote.warnings
    )
    too_early = DogQuoteRequest(
        on=dt.date(2027, 1, 30), sex="male", altered=True, license_year=2027
    )
    with pytest.raises(QuoteRefused, match="go on sale on 01/31/2027"):
        quote_dog(westborough, too_early)


def test_license_years_that_cannot_be_sold(westborough: TownProfile) -> None:
    on = dt.date(2026, 6, 1)
    with pytest.raises(QuoteRefused, match="ended on 03/31/2026"):
        quote_dog(westborough, DogQuoteRequest(on, "male", True, license_year=2025))
    with pytest.raises(QuoteRefused, match="more than a year ahead"):
        quote_dog(westborough, DogQuoteRequest(on, "male", True, license_year=2028))
    same = quote_dog(westborough, DogQuoteRequest(on, "male", True, license_year=2026))
    assert same.license_year.starts_in == 2026


def test_no_early_sale_when_the_profile_allows_none() -> None:
    text = load_preset_text("westborough").replace("early_sale_days = 60 ", "")
    text = text.replace('examples = ["license_year.early_sale_days"]', "")
    profile = parse_profile(text)
    with pytest.raises(QuoteRefused, match="does not sell next year's licenses early"):
        quote_dog(profile, DogQuoteRequest(dt.date(2027, 3, 31), "male", True, license_year=2027))


def test_years_on_sale_add_next_year_when_its_early_sale_opens(westborough: TownProfile) -> None:
    # Westborough sells next year's licenses 60 days ahead: from January 31 for April 1.
    def labels(on: dt.date) -> list[str]:
        return [year.label for year in years_on_sale(westborough, on)]

    assert labels(dt.date(2027, 1, 30)) == ["2026–27"]
    assert labels(dt.date(2027, 1, 31)) == ["2026–27", "2027–28"]
    assert labels(dt.date(2027, 3, 31)) == ["2026–27", "2027–28"]
    assert labels(dt.date(2027, 4, 1)) == ["2027–28"]
    # Every year offered is one the fee engine will sell on that day.
    for on in (dt.date(2027, 1, 31), dt.date(2027, 3, 31)):
        for year in years_on_sale(westborough, on):
            request = DogQuoteRequest(on, "male", True, license_year=year.starts_in)
            assert quote_dog(westborough, request).license_year == year


def test_no_next_year_on_sale_when_the_profile_allows_no_early_sale() -> None:
    text = load_preset_text("westborough").replace("early_sale_days = 60 ", "")
    profile = parse_profile(text.replace('examples = ["license_year.early_sale_days"]', ""))
    assert [y.label for y in years_on_sale(profile, dt.date(2027, 3, 31))] == ["2026–27"]


def load_preset_text(preset_id: str) -> str:
    from clerkdesk.rules.presets import preset_toml

    return preset_toml(preset_id)


def test_no_schedule_in_force(westborough: TownProfile) -> None:
    with pytest.raises(QuoteRefused, match="no fee schedule is in force for license year 2003"):
        quote_dog(westborough, DogQuoteRequest(dt.date(2003, 6, 1), "male", True))


def test_request_checks(westborough: TownProfile) -> None:
    on = dt.date(2026, 6, 1)
    cases = [
        (DogQuoteRequest(on, "male", True, born=on + dt.timedelta(days=1)), "born"),
        (DogQuoteRequest(on, "male", True, owner_born=on + dt.timedelta(days=1)), "owner_born"),
        (DogQuoteRequest(on, "male", True, owner_exempt_dogs=-1), "owner_exempt_dogs"),
        (
            DogQuoteRequest(on, "male", True, new_to_town_since=dt.date(2026, 6, 2)),
            "new_to_town_since",
        ),
        (DogQuoteRequest(on, "male", True, missed_years=-1), "missed_years"),
        (DogQuoteRequest(on, "male", True, exemptions=("police",)), "exemptions"),
    ]
    for request, field in cases:
        with pytest.raises(ValidationError) as caught:
            quote_dog(westborough, request)
        assert caught.value.field == field


def test_a_puppy_under_license_age_is_quoted_with_a_warning(westborough: TownProfile) -> None:
    request = DogQuoteRequest(dt.date(2026, 6, 1), "female", False, born=dt.date(2026, 1, 15))
    quote = quote_dog(westborough, request)
    assert quote.total == D("15.00")
    assert "a license is required from 07/15/2026" in quote.warnings[0]


SENIOR = """
[town]
id = "t"
name = "T"
[license_year]
start = "01-01"
[accounts]
default = "Dogs"
[[schedules]]
effective = 2020-01-01
[schedules.dog_fees]
male_intact = 20.00
female_intact = 20.00
male_altered = 8.00
female_altered = 8.00
citation = "§1"
[schedules.exemptions.senior]
age = 65
fee = 10.00
max_dogs = 2
citation = "§2"
[schedules.exemptions.other.hearing_dog]
description = "hearing dog in training"
fee = 2.00
citation = "§3"
[[schedules.surcharges]]
designation = "dangerous"
amount = 50.00
citation = "§4"
"""


def test_reduced_senior_fee_never_exceeds_the_normal_fee_and_is_limited() -> None:
    profile = parse_profile(SENIOR)
    on, owner = dt.date(2026, 2, 1), dt.date(1950, 1, 1)
    intact = quote_dog(profile, DogQuoteRequest(on, "male", False, owner_born=owner))
    assert intact.total == D("10.00")
    assert intact.lines[0].description == (
        "Dog license — male, intact, license year 2026: owner aged 65 or over, "
        "$10.00 instead of $20.00"
    )
    assert intact.lines[0].citation == "§1; §2"
    altered = quote_dog(profile, DogQuoteRequest(on, "male", True, owner_born=owner))
    assert altered.total == D("8.00")
    third = quote_dog(
        profile, DogQuoteRequest(on, "male", False, owner_born=owner, owner_exempt_dogs=2)
    )
    assert third.total == D("20.00")
    assert "covers 2 dogs and 2 already had it" in third.warnings[0]


def test_the_cheapest_exemption_applies_and_service_animals_beat_all() -> None:
    profile = parse_profile(SENIOR)
    on, owner = dt.date(2026, 2, 1), dt.date(1950, 1, 1)
    both = DogQuoteRequest(on, "male", False, owner_born=owner, exemptions=("hearing_dog",))
    assert quote_dog(profile, both).total == D("2.00")
    service = DogQuoteRequest(on, "male", False, service_animal=True, designations=("dangerous",))
    quote = quote_dog(profile, service)
    assert [line.amount for line in quote.lines] == [D("0.00"), D("50.00")]
    assert "service animal, no fee" in quote.lines[0].description
    assert "Americans with Disabilities Act" in quote.lines[0].citation


def test_surcharges_and_unknown_designations() -> None:
    profile = parse_profile(SENIOR)
    request = DogQuoteRequest(
        dt.date(2026, 2, 1), "female", True, designations=("dangerous", "nuisance")
    )
    quote = quote_dog(profile, request)
    assert [line.code for line in quote.lines] == ["dog_license", "surcharge_dangerous"]
    assert quote.total == D("58.00")
    assert quote.warnings == ('T has no surcharge for a "nuisance" dog',)


def test_warnings_name_only_the_examples_a_quote_relies_on() -> None:
    city = load_preset("sample-city")
    quote = quote_dog(city, DogQuoteRequest(dt.date(2026, 2, 1), "male", True))
    assert all("Kennel licenses" not in w for w in quote.warnings)
    assert any("“Dog license fees (fee schedule effective" in w for w in quote.warnings)
    kennel = quote_kennel(city, KennelQuoteRequest(dt.date(2026, 2, 1), dogs=3))
    assert any("“Kennel licenses (fee schedule effective" in w for w in kennel.warnings)
    assert all("Dog license fees" not in w for w in kennel.warnings)
    assert all("schedules[" not in w for w in (*quote.warnings, *kennel.warnings))


def test_kennel_classes(westborough: TownProfile) -> None:
    on = dt.date(2026, 6, 1)
    charitable = quote_kennel(westborough, KennelQuoteRequest(on, 15, "charitable"))
    assert charitable.total == 0
    assert "licensed free" in charitable.lines[0].description
    assert charitable.lines[0].citation == "MGL c.140 §137A"
    breeder = quote_kennel(westborough, KennelQuoteRequest(on, 7, "commercial-breeder"))
    assert breeder.total == D("36.50")
    assert breeder.lines[0].description == (
        "Kennel license — commercial breeder kennel, 7 dogs 3 months or older, license year "
        "2026–27: $36.50 for 5–10 dogs"
    )
    assert breeder.lines[0].account == "Kennel licenses"
    with pytest.raises(ValidationError, match="at least one dog"):
        quote_kennel(westborough, KennelQuoteRequest(on, 0))


def test_kennel_flat_fee_and_tiers_without_a_maximum() -> None:
    profile = parse_profile(
        SENIOR
        + """
[schedules.kennel]
tiers = [{ up_to = 10, fee = 30.00 }]
[schedules.kennel.classes.veterinary]
fee = 12.00
"""
    )
    on = dt.date(2026, 2, 1)
    assert quote_kennel(profile, KennelQuoteRequest(on, 40, "veterinary")).total == D("12.00")
    assert quote_kennel(profile, KennelQuoteRequest(on, 10)).total == D("30.00")
    with pytest.raises(QuoteRefused, match="stop at 10 dogs"):
        quote_kennel(profile, KennelQuoteRequest(on, 11))


def test_a_profile_without_kennels_refuses_them() -> None:
    with pytest.raises(QuoteRefused, match="has no kennel licenses"):
        quote_kennel(parse_profile(SENIOR), KennelQuoteRequest(dt.date(2026, 2, 1), 5))


def test_other_fees_as_lines(westborough: TownProfile) -> None:
    line = westborough.fee("transfer", dt.date(2026, 6, 1))
    assert (line.code, line.amount, line.account) == ("transfer", D("1.25"), "Dog licenses")
    assert line.citation == "Art. 19 §11 (Miscellaneous Fees)"
    with pytest.raises(QuoteRefused, match='no fee "parking"'):
        westborough.fee("parking")


def test_fines_details() -> None:
    profile = load_preset("sample-town")
    with pytest.raises(ValidationError, match='no fine "speeding"'):
        assess_fine(profile, "speeding", dt.date(2026, 1, 1))
    later = assess_fine(profile, "domestic_animal", dt.date(2026, 1, 1), [dt.date(2026, 6, 1)])
    assert later.offense_number == 1  # violations after the date do not count
    fairhaven = load_preset("fairhaven")
    tether = assess_fine(fairhaven, "tethering", dt.date(2026, 1, 1))
    assert "fine of not more than $50.00" in tether.line.description
    assert tether.pay_by is None


def test_impound_details() -> None:
    city = load_preset("sample-city")
    start = dt.datetime(2026, 6, 1, 9, tzinfo=EASTERN)
    with pytest.raises(ValidationError, match="release is before"):
        impound_charges(city, start, start - dt.timedelta(hours=1))
    (line,) = impound_charges(city, start, start)
    assert line.amount == D("6.00")
    assert line.description == "Impound: $6.00 per 24 hours or part × 1"
    westborough = load_preset("westborough")
    lines = impound_charges(westborough, start, start, events=2)
    assert lines[1].amount == D("30.00")
    with pytest.raises(QuoteRefused, match="no impound fees"):
        impound_charges(parse_profile(SENIOR), start, start)

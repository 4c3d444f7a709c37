"""The reach of a late fee: licensed last year, ever licensed here, or every dog."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.errors import ValidationError
from clerkdesk.rules import DogQuoteRequest, TownProfile, parse_profile, quote_dog
from clerkdesk.rules.presets import load_preset

D = Decimal
HEAD = """
[town]
id = "reach"
name = "Reach Town"
[license_year]
start = "01-01"
due = "03-31"
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
[[schedules.late_fees]]
kind = "flat"
amount = 5.00
citation = "§2"
"""
APRIL = dt.date(2026, 4, 1)


def town(applies_to: str | None) -> TownProfile:
    line = "" if applies_to is None else f'applies_to = "{applies_to}"\n'
    return parse_profile(HEAD + line)


def total(profile: TownProfile, **kw: object) -> Decimal:
    request = DogQuoteRequest(on=APRIL, **{"sex": "male", "altered": True, **kw})  # type: ignore[arg-type]
    return quote_dog(profile, request).total


HISTORIES: dict[str, dict[str, object]] = {
    "never": {},
    "last year": {"renewal": True},
    "last year, by year": {"last_licensed": 2025},
    "two years ago": {"last_licensed": 2024},
    "ever, year unknown": {"licensed_here_before": True},
}


@pytest.mark.parametrize(
    ("applies_to", "charged"),
    [
        (None, set(HISTORIES)),
        ("all", set(HISTORIES)),
        ("renewals", {"last year", "last year, by year"}),
        ("licensed_here_before", set(HISTORIES) - {"never"}),
    ],
)
def test_each_reach_charges_the_dogs_it_names(applies_to: str | None, charged: set[str]) -> None:
    profile = town(applies_to)
    for history, facts in HISTORIES.items():
        expected = D("15.00") if history in charged else D("10.00")
        assert total(profile, **facts) == expected, history


def test_the_line_and_the_notes_say_which_reach_applied() -> None:
    profile = town("licensed_here_before")
    request = DogQuoteRequest(on=APRIL, sex="male", altered=True, last_licensed=2023)
    quote = quote_dog(profile, request)
    assert quote.lines[1].description.endswith("; charged on a dog licensed in this town before")
    assert quote.notes == ()
    never = quote_dog(profile, DogQuoteRequest(on=APRIL, sex="male", altered=True))
    assert never.notes == (
        "no late fee (§2): it is charged on a dog licensed in this town before, "
        "and this dog is not one",
    )
    # Before the fee is due there is nothing to say.
    early = DogQuoteRequest(on=dt.date(2026, 2, 1), sex="male", altered=True)
    assert quote_dog(profile, early).notes == ()


@pytest.mark.parametrize(
    ("facts", "words"),
    [
        ({"last_licensed": 2026}, "must be before the license year being sold"),
        ({"last_licensed": 2030}, "must be before the license year being sold"),
        ({"renewal": True, "last_licensed": 2023}, "not in 2023"),
    ],
)
def test_a_history_that_contradicts_itself_is_refused(facts: dict[str, object], words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        total(town("renewals"), **facts)


def test_westborough_charges_a_dog_previously_licensed_in_the_town() -> None:
    """Art. 19 §2C: "a dog previously licensed in the Town" — ever, not only last year."""
    westborough = load_preset("westborough")
    june = dt.date(2026, 6, 1)
    back = DogQuoteRequest(on=june, sex="male", altered=False, last_licensed=2024)
    assert quote_dog(westborough, back).total == D("19.00")
    renewal = DogQuoteRequest(on=june, sex="male", altered=False, renewal=True)
    assert quote_dog(westborough, renewal).total == D("19.00")
    new = DogQuoteRequest(on=june, sex="male", altered=False)
    assert quote_dog(westborough, new).total == D("15.00")


def test_sample_city_charges_every_dog() -> None:
    city = load_preset("sample-city")
    new = DogQuoteRequest(on=dt.date(2026, 5, 2), sex="male", altered=False)
    assert quote_dog(city, new).total == D("25.00")

"""What each late-fee and arrears line counts, in the few words a cart line shows a resident
("Late fee — 2 weeks late (from 08/01/2026)"): a base and its weeks read as two different
lines; amounts are the rule's, unchanged."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from clerkdesk.rules import DogQuoteRequest, quote_dog
from clerkdesk.rules.presets import load_preset
from rules.test_rules_late_fees import town

D = Decimal


def _fees(fragment: str, on: dt.date, **kw: object) -> list[tuple[Decimal, str]]:
    request = DogQuoteRequest(on=on, **{"sex": "male", "altered": True, **kw})  # type: ignore[arg-type]
    quote = quote_dog(town(fragment), request)
    return [(line.amount, line.counts) for line in quote.lines if line.code != "dog_license"]


def test_westboroughs_base_and_weeks_say_what_each_counts() -> None:
    # GIVEN Westborough's late fee: $3.00, then $1.00 a week or part, from June 1
    profile = load_preset("westborough")
    request = DogQuoteRequest(on=dt.date(2026, 7, 10), sex="male", altered=True, renewal=True)
    lines = [line for line in quote_dog(profile, request).lines if line.code == "late_fee"]
    # THEN the base and the weeks are told apart, their amounts as before
    assert [(line.amount, line.counts) for line in lines] == [
        (D("3.00"), "base, late from 06/01/2026"),
        (D("6.00"), "6 weeks late (from 06/01/2026)"),
    ]


def test_one_period_is_said_in_the_singular_and_a_cap_is_said() -> None:
    fragment = (
        '[[schedules.late_fees]]\nkind = "periodic"\nfrom = "08-01"\nbase = 5.00\n'
        'amount = 5.00\nperiod = "month"\ncap = 12.00\n'
    )
    assert _fees(fragment, dt.date(2026, 8, 1)) == [
        (D("5.00"), "base, late from 08/01/2026"),
        (D("5.00"), "1 month late (from 08/01/2026)"),
    ]
    assert _fees(fragment, dt.date(2027, 6, 1))[1] == (
        D("7.00"),
        "11 months late (from 08/01/2026), capped",
    )


def test_flat_table_and_doubling_say_from_when() -> None:
    flat = '[[schedules.late_fees]]\nkind = "flat"\nfrom = "08-01"\namount = 7.00\n'
    assert _fees(flat, dt.date(2026, 9, 3)) == [(D("7.00"), "late from 08/01/2026")]
    table = (
        '[[schedules.late_fees]]\nkind = "table"\n'
        'steps = [{ from = "09-01", amount = 5.00 }, { from = "01-01", amount = 15.00 }]\n'
    )
    assert _fees(table, dt.date(2027, 1, 4)) == [(D("15.00"), "late from 01/01/2027")]
    doubling = '[[schedules.late_fees]]\nkind = "doubling"\nfrom = "08-01"\n'
    assert _fees(doubling, dt.date(2026, 8, 1)) == [
        (D("10.00"), "license fee doubled, late from 08/01/2026")
    ]


def test_each_arrears_line_names_its_year() -> None:
    fragment = '[schedules.arrears]\ncitation = "§9"\n'
    assert _fees(fragment, dt.date(2026, 8, 1), missed_years=2) == [
        (D("10.00"), "unlicensed in 2025–26"),
        (D("10.00"), "unlicensed in 2024–25"),
    ]

"""Cells of another program's register read as dates, yes/no, sex, phone and money."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from clerkdesk.rules.imported_cells import (
    BadCell,
    parse_date,
    parse_money,
    parse_phone,
    parse_sex,
    parse_whole,
    parse_year,
    parse_yes_no,
    text,
)
from clerkdesk.rules.kinds import Sex

MAY_1 = dt.date(2026, 5, 1)


@pytest.mark.parametrize(
    "cell",
    [
        "05/01/2026",
        "5/1/2026",
        "5/1/26",
        "2026-05-01",
        "2026-05-01 00:00:00",
        "2026/5/1",
        "May 1, 2026",
        "1-May-26",
        "1-may-2026",
        "46143",
        "05-01-2026",
    ],
)
def test_dates_in_every_common_format(cell: str) -> None:
    assert parse_date(cell) == MAY_1


def test_two_digit_years_before_70_are_this_century() -> None:
    assert parse_date("3/4/69") == dt.date(2069, 3, 4)
    assert parse_date("3/4/70") == dt.date(1970, 3, 4)


@pytest.mark.parametrize("cell", ["13/45/2020", "2/30/2026", "soon", "1234", "12/2026"])
def test_a_cell_that_is_not_a_date_is_refused_in_words(cell: str) -> None:
    with pytest.raises(BadCell, match="not a date"):
        parse_date(cell)


def test_empty_cells_are_none() -> None:
    for reader in (parse_date, parse_yes_no, parse_sex, parse_phone, parse_money, parse_year):
        assert reader("  ") is None
    assert text("  Rex   the  dog ") == "Rex the dog"


@pytest.mark.parametrize("cell", ["Y", "yes", "X", "x", "1", "TRUE", "Neutered: Y", "Spayed"])
def test_yes(cell: str) -> None:
    assert parse_yes_no(cell) is True


@pytest.mark.parametrize("cell", ["N", "No", "0", "FALSE", "Neutered: N", "intact"])
def test_no(cell: str) -> None:
    assert parse_yes_no(cell) is False


def test_a_word_is_neither_yes_nor_no() -> None:
    with pytest.raises(BadCell, match="not yes or no: maybe"):
        parse_yes_no("maybe")


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("M", (Sex.MALE, None)),
        ("f", (Sex.FEMALE, None)),
        ("Male", (Sex.MALE, None)),
        ("F (spayed)", (Sex.FEMALE, True)),
        ("M/N", (Sex.MALE, True)),
        ("FS", (Sex.FEMALE, True)),
        ("Neutered Male", (Sex.MALE, True)),
        ("Male, intact", (Sex.MALE, False)),
        ("Spayed", (Sex.FEMALE, True)),
    ],
)
def test_sex_and_whether_altered(cell: str, expected: tuple[Sex, bool | None]) -> None:
    assert parse_sex(cell) == expected


@pytest.mark.parametrize("cell", ["M/F", "?", "unknown", "X", "Male female"])
def test_an_unknown_sex_is_refused(cell: str) -> None:
    with pytest.raises(BadCell, match="unknown sex"):
        parse_sex(cell)


def test_phones() -> None:
    assert parse_phone("(508) 555-0101") == "508-555-0101"
    assert parse_phone("1.508.555.0101") == "508-555-0101"
    assert parse_phone("5085550101 ext. 12") == "508-555-0101 x12"
    assert parse_phone("555 0101") == "555-0101"
    with pytest.raises(BadCell, match="not a phone number"):
        parse_phone("call the office")
    with pytest.raises(BadCell, match="not a phone number"):
        parse_phone("508-55")


def test_money_is_decimal_cents() -> None:
    assert parse_money("$10") == Decimal("10.00")
    assert parse_money("1,234.5") == Decimal("1234.50")
    assert parse_money("0") == Decimal("0.00")
    for cell in ("-5", "ten", "1.2.3"):
        with pytest.raises(BadCell, match="not an amount of money"):
            parse_money(cell)


def test_years_and_counts() -> None:
    assert parse_year("2025") == 2025
    assert parse_year("2025.0") == 2025
    assert parse_year("25") == 2025
    assert parse_year("06/01/2025") == 2025
    with pytest.raises(BadCell, match="not a year"):
        parse_year("1066")
    assert parse_whole("3") == 3
    assert parse_whole("3 yr") == 3
    with pytest.raises(BadCell):
        parse_whole("three")

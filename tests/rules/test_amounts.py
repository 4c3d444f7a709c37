"""One parser for every amount typed: dollars and cents a money column can hold, or one
line saying why not (never rounded, never left for the database to refuse)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from clerkdesk.errors import ValidationError
from clerkdesk.rules.money import MONEY_LIMIT, checked_amount, parse_amount

FORTY_NINES = "9" * 40


@pytest.mark.parametrize(
    ("typed", "amount"),
    [
        ("40", "40.00"),
        ("40.5", "40.50"),
        (" $1,234.50 ", "1234.50"),
        ("1,000.00", "1000.00"),
        ("1.500", "1.50"),
        (".50", "0.50"),
        ("1e2", "100.00"),
        ("0", "0.00"),
        ("9999999999.99", "9999999999.99"),
    ],
)
def test_dollars_and_cents_as_clerks_write_them(typed: str, amount: str) -> None:
    assert parse_amount(typed, "--amount") == Decimal(amount)
    assert str(parse_amount(typed, "--amount")) == amount


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("1e308", "far too large"),
        ("NaN", "is not an amount like 40.00"),
        ("-NaN", "is not an amount like 40.00"),
        ("Infinity", "is not an amount like 40.00"),
        ("-Infinity", "is not an amount like 40.00"),
        ("sNaN", "is not an amount like 40.00"),
        ("1e-9", "more than two decimals"),
        ("", "is not an amount like 40.00"),
        ("$", "is not an amount like 40.00"),
        (".", "is not an amount like 40.00"),
        ("1,0,0", "is not an amount like 40.00"),
        ("12,34", "is not an amount like 40.00"),
        ("4O.00", "is not an amount like 40.00"),
        ("٤٠", "is not an amount like 40.00"),  # Arabic-Indic digits: Decimal reads them
        ("40\x1b[31m", "is not an amount like 40.00"),
        ("-0", "below 0.00"),
        ("-5.00", "below 0.00"),
        (FORTY_NINES, "far too large: amounts go up to 9,999,999,999.99"),
        ("10000000000.00", "too large"),
        ("0.001", "more than two decimals"),
        ("1." + "0" * 60 + "1", "more than two decimals"),
    ],
)
def test_anything_else_is_one_line_naming_the_option(typed: str, says: str) -> None:
    with pytest.raises(ValidationError) as refused:
        parse_amount(typed, "--amount", field="amount")
    message = refused.value.message
    assert message.startswith("--amount") and says in message
    assert "\n" not in message and "\x1b" not in message and len(message) < 200
    assert refused.value.field == "amount"


@pytest.mark.parametrize(
    "amount",
    [Decimal("1e308"), Decimal(FORTY_NINES), Decimal("NaN"), Decimal("-Infinity"),
     Decimal("1e-9"), Decimal("-0.01")],
)  # fmt: skip
def test_a_decimal_from_a_screen_is_held_to_the_same(amount: Decimal) -> None:
    with pytest.raises(ValidationError):
        checked_amount(amount, "Cash")


def test_minus_zero_from_a_screen_is_plain_zero_and_the_limit_is_the_column() -> None:
    assert str(checked_amount(Decimal("-0"), "Cash")) == "0.00"
    assert str(checked_amount(Decimal("-0.000"), "Cash")) == "0.00"
    # Numeric(12, 2): ten digits before the point.
    assert len(str(MONEY_LIMIT).split(".")[0]) == 10
    with pytest.raises(ValidationError, match=r"up to 4\.00"):
        parse_amount("5", "Cash", limit=Decimal("4.00"))

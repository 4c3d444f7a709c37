"""Addresses in the order an officer walks them: by street name, then house number.

"12 Elm St" is house "12" on "Elm St"; "12A", "12-14" and "12 1/2" keep their house
number whole. An address without a leading number ("Route 9", "PO Box 12") is all street
and comes first on its street.
"""

from __future__ import annotations

import re

_HOUSE = re.compile(r"^\s*(\d+(?:\s*[-–/]\s*\d+)?(?:\s+1/2)?[A-Za-z]?)(?:\s*,)?\s+(\S.*?)\s*$")
_DIGITS = re.compile(r"\d+")


def street_and_number(address: str) -> tuple[str, str]:
    """("Elm St", "12") for "12 Elm St"; (address, "") when it starts with no number."""
    flat = " ".join(address.split())
    match = _HOUSE.match(flat)
    if match is None:
        return flat, ""
    return match.group(2), match.group(1)


def street_key(street: str) -> str:
    """Streets spelled alike but for case and spacing are one street."""
    return " ".join(street.split()).casefold()


def house_key(number: str) -> tuple[int, str]:
    """2 before 10 before 10A: the number's value first, then the rest of it."""
    found = _DIGITS.match(number)
    return (int(found.group()) if found else -1, number.casefold())

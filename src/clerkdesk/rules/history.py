"""A dog's licensing history in this town, and the reach of a late fee over it.

Bylaws word the reach of a late fee differently: Westborough's Art. 19 §2C charges it to
"a dog previously licensed in the Town" (ever licensed here), another town to a dog "licensed
the previous year", a third to every owner who licenses late. A profile says which with a
late fee's ``applies_to``; the quote request says what is known of the dog.
"""

from __future__ import annotations

from dataclasses import dataclass

from clerkdesk.errors import ValidationError
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.quote import DogQuoteRequest
from clerkdesk.rules.schedule import AppliesTo


@dataclass(frozen=True)
class DogHistory:
    last_year: bool
    """Licensed in this town for the license year just before the one being sold."""
    ever: bool
    """Licensed in this town in some earlier license year (``last_year`` included)."""
    new_to_town: bool = False
    """New to town for the license year being sold (see :mod:`clerkdesk.rules.new_to_town`),
    rather than a resident's dog."""


def dog_history(
    request: DogQuoteRequest, year: LicenseYear, *, new_to_town: bool = False
) -> DogHistory:
    """What the request says of the dog's past licenses, checked against ``year``."""
    previous = year.starts_in - 1
    last = request.last_licensed
    if last is not None:
        if last >= year.starts_in:
            raise ValidationError(
                f"the dog's last license year ({last}) must be before the license year being "
                f"sold ({year.label})",
                field="last_licensed",
            )
        if request.renewal and last != previous:
            raise ValidationError(
                f"a renewal was licensed last license year, which starts in {previous}, "
                f"not in {last}",
                field="last_licensed",
            )
    last_year = request.renewal or last == previous
    ever = last_year or request.licensed_here_before or last is not None
    return DogHistory(last_year, ever, new_to_town)


REACH_WORDS: dict[AppliesTo, str] = {
    "all": "every dog",
    "renewals": "a dog licensed in this town last license year",
    "licensed_here_before": "a dog licensed in this town before",
    "not_licensed_last_year": "a dog not licensed in this town last license year",
    "except_new_to_town": "every dog but one new to town",
    "new_to_town": "a dog new to town, counted from the day it came",
}


def reaches(applies_to: AppliesTo, history: DogHistory) -> bool:
    """Whether a late fee with this reach is charged on a dog with this history."""
    if applies_to == "renewals":
        return history.last_year
    if applies_to == "licensed_here_before":
        return history.ever
    if applies_to == "not_licensed_last_year":
        return not history.last_year
    if applies_to == "except_new_to_town":
        return not history.new_to_town
    if applies_to == "new_to_town":
        return history.new_to_town
    return True


def reach_words(applies_to: AppliesTo) -> str:
    """``charged on a dog licensed in this town before``: for a quote line or note."""
    return f"charged on {REACH_WORDS[applies_to]}"

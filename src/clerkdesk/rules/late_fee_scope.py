"""Whether a late fee's scope (``schedule.LateFeeScope``) takes in this dog and owner, and
the words a quote line adds to say so."""

from __future__ import annotations

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.license_year import LicenseYear, turns
from clerkdesk.rules.quote import DogQuoteRequest
from clerkdesk.rules.schedule import LateFeeScope

_CLASS_WORDS = {"male": "male", "female": "female", "intact": "intact", "altered": "altered"}


def dog_words(scope: LateFeeScope) -> str:
    """``intact male dogs``; ``dogs`` for every dog."""
    return " ".join(_CLASS_WORDS[c] for c in scope.dogs) + (" dogs" if scope.dogs else "dogs")


def age_words(scope: LateFeeScope) -> str:
    parts = []
    if scope.owner_age_at_least is not None:
        parts.append(f"aged {scope.owner_age_at_least} or over")
    if scope.owner_age_below is not None:
        parts.append(f"under {scope.owner_age_below}")
    return "owners " + " and ".join(parts) if parts else ""


def left_out(scope: LateFeeScope, request: DogQuoteRequest) -> str:
    """Why the scope leaves this dog or owner out, in words; empty when it takes them in."""
    fits = {
        "male": request.sex == "male",
        "female": request.sex == "female",
        "intact": not request.altered,
        "altered": request.altered,
    }
    if not all(fits[c] for c in scope.dogs):
        return f"it is charged on {dog_words(scope)} only"
    if scope.owner_age_at_least is None and scope.owner_age_below is None:
        return ""
    born, on = request.owner_born, request.on
    if scope.owner_age_at_least is not None and (
        born is None or on < turns(born, scope.owner_age_at_least)
    ):
        known = "" if born is not None else " (the owner's birth date is not known)"
        return f"it is charged on {age_words(scope)} only{known}"
    if (
        scope.owner_age_below is not None
        and born is not None
        and on >= turns(born, scope.owner_age_below)
    ):
        return f"it is charged on {age_words(scope)} only"
    return ""


def scope_words(scope: LateFeeScope, year: LicenseYear) -> str:
    """``; intact dogs only; owners under 65; to 06/01/2026``: what a line adds."""
    words = ""
    if scope.dogs:
        words += f"; {dog_words(scope)} only"
    if age_words(scope):
        words += f"; {age_words(scope)}"
    if scope.until is not None:
        words += f"; to {us_date(year.occurrence(scope.until))}"
    return words

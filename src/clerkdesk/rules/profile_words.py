"""What a clerk calls each key of the town profile: the words the Town rules page shows
for a key, and the name of an unconfirmed example value in a quote's or an opening's
warning, which never shows the profile's own key path (``license_year.early_sale_days``)."""

from __future__ import annotations

import re

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.profile import TownProfile

LABELS = {
    "town": "Town",
    "license_year": "License year",
    "accounts": "Revenue accounts",
    "bylaw": "Bylaw",
    "examples": "Examples to confirm",
    "start": "Year starts",
    "due": "Licenses due by",
    "license_age_months": "Licensed from the age of",
    "early_sale_days": "Next year on sale",
    "grace_days_new_to_town": "Grace, dog new to town",
    "dog_fees": "Dog license fees",
    "male_intact": "Male, intact",
    "female_intact": "Female, intact",
    "male_altered": "Male, neutered",
    "female_altered": "Female, spayed",
    "surcharges": "Surcharges",
    "exemptions": "Exemptions",
    "senior": "Owners of a certain age",
    "other": "Other exemptions",
    "late_fees": "Late fees",
    "arrears": "Arrears for unlicensed years",
    "kennel": "Kennel licenses",
    "classes": "Classes",
    "tiers": "Fee by number of dogs",
    "other_fees": "Other fees",
    "fines": "Fines",
    "impound": "Impoundment",
    "applies_to": "Applies to",
    "from": "From",
    "base": "Base amount",
    "part_counts": "A part counts as a whole",
    "cap": "At most",
    "handling": "Handling, each time",
    "handling_code": "Handling fee code",
    "per": "Charged for",
    "amounts": "By offense",
    "payment_methods": "Paid by",
    "days_to_pay": "To be paid within",
    "maximum": "Amounts are the most that may be charged",
    "first_offense_warning": "A first offense is a warning",
    "lookback_months": "Offenses counted back",
    "max_dogs": "Most dogs",
    "count_age_months": "Dogs counted from the age of",
    "inspection_required": "Inspection passed before licensing",
    "late_fees_apply": "Late fees still apply",
    "code": "Fee code",
    "max_years": "Most years charged",
    "certificate": "License certificate",
    "conditions": "Conditions printed",
    "remittance": "Remittance to the treasurer",
    "clerk_retention_per_license": "The clerk keeps, per license sold",
    "new_to_town_days": "New to town for",
    "term": "License term",
    "term_from": "Term counted from",
    "changed": "Change of license year",
    "from_start": "License years began on",
    "last_day": "Last day of the old years",
    "transition_end": "Transitional term ends",
    "transition_due": "Transitional term due",
    "counted_from": "Counted from",
    "after_days": "After",
    "until": "Until",
    "dogs": "Only for",
    "owner_age_at_least": "Owners aged at least",
    "owner_age_below": "Owners younger than",
    "discount": "Less than the regular fee by",
    "transaction_fees": "Fees once per sale",
    "application_fee": "Application fee, first license",
    "days": "Days in a period",
}
_PARTS = re.compile(r"[.\[\]]+")


def label_for(key: str) -> str:
    """The words for one key (``early_sale_days``: ``Next year on sale``)."""
    return LABELS.get(key, key.replace("_", " ").replace("-", " ").capitalize())


def key_words(profile: TownProfile, path: str) -> str:
    """A key path in words: ``schedules[0].dog_fees`` is ``Dog license fees (fee schedule
    effective 04/01/2004)``, ``schedules[0].late_fees[1]`` ``Late fees 2 (fee schedule …)``."""
    parts = [part for part in _PARTS.split(path) if part]
    if not parts:
        return path
    named = [part for part in parts if not part.isdigit()]
    words = label_for(named[-1])
    if parts[-1].isdigit() and len(parts) > 1:
        words = f"{words} {int(parts[-1]) + 1}"  # as the Town rules page numbers them
    if parts[0] == "schedules" and len(parts) > 1 and parts[1].isdigit():
        index = int(parts[1])
        if index < len(profile.schedules):
            effective = us_date(profile.schedules[index].effective)
            where = f"fee schedule effective {effective}"
            words = where[:1].upper() + where[1:] if len(parts) == 2 else f"{words} ({where})"
    return words


def example_words(profile: TownProfile, path: str) -> str:
    """``“Next year on sale” in the town rules``: how a warning names an example value."""
    return f"“{key_words(profile, path)}” in the town rules"

"""Town rules: profiles, presets and the fee engine. Pure Python: no Qt, no database."""

from __future__ import annotations

from clerkdesk.rules.dog_quote import quote_dog
from clerkdesk.rules.errors import KennelOverMaximum, ProfileError, QuoteRefused, UnknownPreset
from clerkdesk.rules.fines import FineAssessment, assess_fine
from clerkdesk.rules.impound import impound_charges
from clerkdesk.rules.kennel_quote import kennel_class_of, quote_kennel
from clerkdesk.rules.license_year import LicenseYear, MonthDay
from clerkdesk.rules.limits import dog_limit_warnings
from clerkdesk.rules.loading import (
    confirm_examples,
    load_profile_file,
    parse_profile,
    profile_to_toml,
)
from clerkdesk.rules.payment_fees import payment_fee
from clerkdesk.rules.profile import LicenseYearRule, TownProfile
from clerkdesk.rules.quote import DogQuoteRequest, KennelQuoteRequest, Quote, QuoteLine
from clerkdesk.rules.sale import years_on_sale
from clerkdesk.rules.schedule import KENNEL_CLASSES, OWNER_FACTS, FeeSchedule, KennelClass, Sex

__all__ = [
    "KENNEL_CLASSES",
    "OWNER_FACTS",
    "DogQuoteRequest",
    "FeeSchedule",
    "FineAssessment",
    "KennelClass",
    "KennelOverMaximum",
    "KennelQuoteRequest",
    "LicenseYear",
    "LicenseYearRule",
    "MonthDay",
    "ProfileError",
    "Quote",
    "QuoteLine",
    "QuoteRefused",
    "Sex",
    "TownProfile",
    "UnknownPreset",
    "assess_fine",
    "confirm_examples",
    "dog_limit_warnings",
    "impound_charges",
    "kennel_class_of",
    "load_profile_file",
    "parse_profile",
    "payment_fee",
    "profile_to_toml",
    "quote_dog",
    "quote_kennel",
    "years_on_sale",
]

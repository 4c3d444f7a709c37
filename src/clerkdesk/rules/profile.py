"""A town profile: the license year, the revenue accounts and the fee schedules."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from clerkdesk.rules.dates import us_date
from clerkdesk.rules.errors import QuoteRefused
from clerkdesk.rules.license_year import LicenseYear, MonthDay
from clerkdesk.rules.office_contact import FinalNoticeText, OfficeContact
from clerkdesk.rules.quote import QuoteLine
from clerkdesk.rules.schedule import FeeSchedule
from clerkdesk.rules.year_change import YearChange, year_containing, year_starting_in


@dataclass(frozen=True)
class LicenseYearRule:
    """``start`` of each license year; ``due`` (licenses due by); the age in months from
    which a dog must be licensed; how many days before ``start`` next year's licenses may be
    sold (``None``: not before it starts); days of grace for a dog new to town (or newly of
    license age) before late fees run."""

    start: MonthDay
    due: MonthDay
    license_age_months: int
    early_sale_days: int | None
    grace_days_new_to_town: int
    citation: str
    source: str
    new_to_town_days: int | None = None
    """How long a dog counts as new to town after it came (``None``: for the rest of the
    license year it came in); see :mod:`clerkdesk.rules.new_to_town`."""
    due_before_start: bool = False
    """``due = "before_start"``: licenses are due before the license year begins (MGL
    c.140 §137), so a late fee may run from the year's first day."""
    change: YearChange | None = None
    """A change of license year in the town's history (see :mod:`.year_change`)."""
    term: str = "fixed"
    """``"rolling"``: each license runs a year from its own day (see :mod:`.rolling`);
    the license year is then only the year the office counts by."""
    term_from: str = "purchase"
    """For a rolling term: from the day of sale, or ``"rabies"``, the vaccination's date."""

    @property
    def rolling(self) -> bool:
        return self.term == "rolling"


DEFAULT_CONDITIONS = (
    "The owner shall cause the dog to wear around its neck or body a collar or harness to "
    "which this license's tag is securely attached."
)
DEFAULT_CONDITIONS_CITATION = "MGL c.140 §137"


@dataclass(frozen=True)
class CertificateText:
    """``[certificate]``: the conditions printed on every license certificate, and the rule
    they come from."""

    conditions: str = DEFAULT_CONDITIONS
    citation: str = DEFAULT_CONDITIONS_CITATION


@dataclass(frozen=True)
class RemittanceRule:
    """``[remittance]``: what the clerk keeps of each license's fee when paying the month
    over to the treasurer (MGL c.140 §147 lets a town allow it), and the rule that says so."""

    clerk_retention_per_license: Decimal
    citation: str
    source: str = "remittance"


@dataclass(frozen=True)
class TownProfile:
    id: str
    name: str
    bylaw: str
    license_year_rule: LicenseYearRule
    accounts: Mapping[str, str]
    default_account: str | None
    schedules: tuple[FeeSchedule, ...]
    unconfirmed_examples: tuple[str, ...]
    document: Mapping[str, Any]
    """The parsed TOML, for writing the profile back out (see ``loading.profile_to_toml``)."""
    area_codes: tuple[str, ...] = ()
    """The town's telephone area codes: a 7-digit phone is looked for under each."""
    warnings: tuple[str, ...] = ()
    """What ``profile check`` lists without refusing the profile (e.g. values without a
    citation, or a file read as Windows-1252)."""
    certificate: CertificateText = CertificateText()
    """What the license certificate says beyond the license itself (the default when the
    profile has no ``[certificate]`` table)."""
    remittance: RemittanceRule | None = None
    """The clerk's retention per license; None (the default) when the town allows none."""
    office: OfficeContact = field(default_factory=OfficeContact)
    """Where residents find the office and mail to (``[office]``); empty when not given."""
    final_notice: FinalNoticeText | None = None
    """What the bylaw does about a dog unlicensed after its final notice (``[notices]``)."""

    # -- license years -------------------------------------------------------------------
    def license_year_containing(self, day: dt.date) -> LicenseYear:
        rule = self.license_year_rule
        return year_containing(rule.start, rule.change, day)

    def license_year_starting_in(self, year: int) -> LicenseYear:
        rule = self.license_year_rule
        return year_starting_in(rule.start, rule.change, year)

    def due_date(self, license_year: LicenseYear) -> dt.date:
        change = self.license_year_rule.change
        if change is not None and license_year == change.transition:
            return change.transition_due or license_year.start
        if self.license_year_rule.due_before_start:
            return license_year.start - dt.timedelta(days=1)
        return license_year.occurrence(self.license_year_rule.due)

    # -- schedules and accounts ----------------------------------------------------------
    def schedule_for(self, license_year: LicenseYear) -> FeeSchedule:
        """The schedule in force at the start of ``license_year``."""
        in_force = [s for s in self.schedules if s.effective <= license_year.start]
        if not in_force:
            first = min(s.effective for s in self.schedules)
            raise QuoteRefused(
                f"no fee schedule is in force for license year {license_year.label}: "
                f"the earliest takes effect on {us_date(first)}"
            )
        return max(in_force, key=lambda s: s.effective)

    def schedule_on(self, day: dt.date) -> FeeSchedule:
        return self.schedule_for(self.license_year_containing(day))

    def account_for(self, code: str) -> str:
        account = self.accounts.get(code, self.default_account)
        if account is None:  # the loader refuses a profile like this; kept for safety
            raise QuoteRefused(f'no revenue account for fee code "{code}"')
        return account

    def fee(self, code: str, on: dt.date | None = None) -> QuoteLine:
        """An other fee (``transfer``, ``duplicate_tag``, …) as a line, from the schedule in
        force on ``on`` (default: the latest schedule)."""
        if on is None:
            schedule = max(self.schedules, key=lambda s: s.effective)
        else:
            schedule = self.schedule_on(on)
        other = schedule.other_fee(code)
        if other is None:
            known = ", ".join(f.code for f in schedule.other_fees) or "none"
            raise QuoteRefused(f'{self.name} has no fee "{code}" (its other fees: {known})')
        return QuoteLine(
            code=other.code,
            description=other.description,
            amount=other.amount,
            account=self.account_for(other.code),
            citation=other.citation,
            source=other.source,
        )

    def examples_behind(self, sources: list[str]) -> list[str]:
        """The unconfirmed example keys that any of ``sources`` depends on."""
        found: list[str] = []
        for key in self.unconfirmed_examples:
            for source in sources:
                if _within(source, key) or _within(key, source):
                    found.append(key)
                    break
        return found


def _within(inner: str, outer: str) -> bool:
    """``schedules[0].late_fees[0]`` is within ``schedules[0].late_fees`` and within itself."""
    return inner == outer or inner.startswith((outer + ".", outer + "["))

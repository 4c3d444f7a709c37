"""The notices of one batch of owners: their dogs and kennels read in a few queries, each
quoted by the rules engine as the counter would quote it on that day.

The counter quotes one dog at a time through ``services.standing.dog_standing`` (several
queries a dog). Here the same facts are read for a batch of owners at once and handed to
the same ``rules.quote_dog`` in the same ``DogQuoteRequest``; the tests hold the two to the
same amounts for the same dog and day.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select, true
from sqlalchemy.orm import Session

from clerkdesk.errors import ClerkDeskError
from clerkdesk.models import (
    DesignationKind,
    Dog,
    DogDesignation,
    DogStatus,
    Kennel,
    KennelDog,
    KennelLicense,
    License,
    LicenseStatus,
    Owner,
    RabiesCertificate,
    Sex,
)
from clerkdesk.reports.notice_data import Notice, NoticeDog, NoticeKennel
from clerkdesk.rules import DogQuoteRequest, LicenseYear, Quote, TownProfile, quote_dog
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kennel_quote import quote_kennel
from clerkdesk.rules.late_fees import never_late
from clerkdesk.rules.license_year import add_months
from clerkdesk.rules.quote import KennelQuoteRequest
from clerkdesk.rules.schedule import PeriodicLateFee, SteppedLateFee
from clerkdesk.rules.tag_text import tag_text
from clerkdesk.rules.transaction_fees import transaction_fee_lines
from clerkdesk.services.license_terms import HELD, renewal_opens
from clerkdesk.services.notice_selection import Years, dog_due, kennel_due
from clerkdesk.services.standing import notices_sent_on, senior_exempt
from clerkdesk.services.tag_prefix import stock_prefix


def first_late_day(
    profile: TownProfile, year: LicenseYear, notice_on: dt.date | None = None
) -> dt.date | None:
    """The first day of ``year`` a late fee applies to a dog renewed that year (a fee for a
    dog new to town runs from its own arrival and is left out; one counted from the renewal
    notice runs from ``notice_on``, the date of the notice being made, if given); ``None``
    when none does."""
    days: list[dt.date] = []
    for rule in profile.schedule_for(year).late_fees:
        if rule.applies_to == "new_to_town" or rule.scope.after_expiry_days is not None:
            continue
        if rule.scope.after_notice_days is not None:
            if notice_on is not None:
                days.append(notice_on + dt.timedelta(days=rule.scope.after_notice_days + 1))
            continue
        starts = [s.start for s in rule.steps] if isinstance(rule, SteppedLateFee) else [rule.start]
        first_day_late = profile.license_year_rule.due_before_start
        days += [year.occurrence(s) for s in starts if not never_late(s, year, first_day_late)]
    return min(days) if days else None


def late_words(profile: TownProfile, year: LicenseYear) -> str:
    """Which rules charge the late fee, and whether it grows after its first day."""
    rules = [r for r in profile.schedule_for(year).late_fees if r.applies_to != "new_to_town"]
    if not rules:
        return ""
    cites = sorted({r.citation for r in rules if r.citation})
    grows = [r for r in rules if isinstance(r, PeriodicLateFee | SteppedLateFee)]
    words = "; ".join(cites)
    if grows:
        periods = sorted({r.period for r in grows if isinstance(r, PeriodicLateFee)})
        how = f"each {' and '.join(periods)}" if periods else "as the dates pass"
        words += ("; " if words else "") + f"it grows {how} after that"
    return words


@dataclass(frozen=True)
class QuoteDays:
    """The year quoted, the day of the amount due now and the first late day (``None``:
    no amount after it is shown)."""

    year: LicenseYear
    now: dt.date
    late: dt.date | None


@dataclass
class _DogFacts:
    row: Any
    held: list[dt.date] = field(default_factory=list)
    designations: list[tuple[DesignationKind, dt.date | None]] = field(default_factory=list)
    last_license: tuple[str, int, str | None] | None = None
    """(the year's label, the license number, its tag as it reads)."""
    rabies_expires: dt.date | None = None
    # Where terms roll: the last day of the dog's latest license, and its rabies
    # vaccination's date (a term may run from it).
    valid_until: dt.date | None = None
    vaccinated: dt.date | None = None


def _address(owner: Any) -> tuple[str, ...]:
    """As ``services.documents``: the mailing address when there is one, else the residence."""
    if owner.mailing_street:
        city = owner.mailing_city or owner.city
        state = owner.mailing_state or owner.state
        postal = owner.mailing_postal_code or owner.postal_code
        return (owner.mailing_street, f"{city}, {state} {postal}".strip())
    street = f"{owner.street}, {owner.unit}" if owner.unit else owner.street
    return (street, f"{owner.city}, {owner.state} {owner.postal_code}".strip())


def _sex(sex: Sex, altered: bool) -> str:
    if sex is Sex.FEMALE:
        return "female, spayed" if altered else "female, not spayed"
    return "male, neutered" if altered else "male, not neutered"


def padded(ids: Sequence[int]) -> list[int]:
    """``ids`` made up to the next power of two by repeating the last. Every length of an
    IN list is a statement of its own to the database, which keeps each one it prepared
    (SQLite's statement cache holds a hundred of them, each the size of its list): a few
    lengths keep that memory small and the same for any number of owners."""
    found = list(ids)
    if not found:
        return found
    size = 16
    while size < len(found):
        size *= 2
    return found + [found[-1]] * (size - len(found))


def kennel_label(year_start: dt.date, number: int) -> str:
    return f"{year_start.year}-K{number:03d}"


class BatchReader:
    """Reads and quotes one batch of owners at a time, inside the caller's read session."""

    def __init__(
        self,
        session: Session,
        profile: TownProfile,
        days: QuoteDays,
        years: Years,
        sent_on: dt.date | None = None,
    ) -> None:
        self.session = session
        self.profile = profile
        self.days = days
        self.years = years
        self.sent_on = sent_on
        """The date the notices being made are printed with, when a late fee counted from
        the notice runs from them (``standing.NOTICES_COUNTED``): once they are recorded it
        is every one of their owners' last notice date, so they are quoted from it as the
        counter will quote. ``None``: from each owner's last notice already recorded."""
        self._noticed: dict[int, dt.date] = {}
        schedule = profile.schedule_for(days.year)
        self._sale_fees = tuple(
            (line.description.split(":")[0], line.amount)
            for line in transaction_fee_lines(profile, schedule)
        )
        kennel_rules = profile.schedule_for(days.year).kennel
        self.kennel_age = kennel_rules.count_age_months if kennel_rules else None

    # -- reading -----------------------------------------------------------------------
    def _owners(self, ids: Sequence[int]) -> dict[int, Any]:
        rows = self.session.execute(
            select(
                Owner.id,
                Owner.first_name,
                Owner.last_name,
                Owner.street,
                Owner.unit,
                Owner.city,
                Owner.state,
                Owner.postal_code,
                Owner.mailing_street,
                Owner.mailing_city,
                Owner.mailing_state,
                Owner.mailing_postal_code,
                Owner.birth_date,
                Owner.year_round_resident,
            ).where(Owner.id.in_(padded(ids)))
        )
        return {row.id: row for row in rows}

    def _dogs(self, ids: Sequence[int]) -> dict[int, list[_DogFacts]]:
        rows = self.session.execute(
            select(
                Dog.id,
                Dog.owner_id,
                Dog.name,
                Dog.breed,
                Dog.sex,
                Dog.altered,
                Dog.birth_date,
                Dog.came_to_town_on,
            )
            .where(Dog.owner_id.in_(padded(ids)), dog_due(self.years))
            .order_by(Dog.owner_id, Dog.name, Dog.id)
        ).all()
        facts = {row.id: _DogFacts(row) for row in rows}
        dog_ids = list(facts)
        if dog_ids:
            self._history(facts, dog_ids)
        by_owner: dict[int, list[_DogFacts]] = defaultdict(list)
        for fact in facts.values():
            by_owner[fact.row.owner_id].append(fact)
        return by_owner

    def _history(self, facts: dict[int, _DogFacts], dog_ids: list[int]) -> None:
        session, years = self.session, self.years
        held = session.execute(
            select(License.dog_id, License.license_year_start)
            .where(
                License.dog_id.in_(padded(dog_ids)),
                License.status.in_(HELD),
                License.license_year_start < years.start,
            )
            .distinct()
        )
        for dog_id, start in held:
            facts[dog_id].held.append(start)
        rolling = years.rolling_end is not None
        last = session.execute(
            select(
                License.dog_id,
                License.license_year_label,
                License.number,
                License.tag_number,
                stock_prefix(License.license_year_start, License.tag_number),
                License.status,
                License.valid_until,
            )
            .where(
                License.dog_id.in_(padded(dog_ids)),
                # Where terms roll, the dog's latest license, whatever year it was counted in.
                true() if rolling else License.license_year_start == years.previous_start,
                License.status.in_(HELD),
            )
            # The license in force last, so a replaced tag shows the tag the dog wears.
            .order_by(License.dog_id, License.valid_until, License.id)
        )
        for dog_id, label, number, tag, prefix, status, ends in last:
            fact = facts[dog_id]
            later = fact.valid_until is None or ends > fact.valid_until
            if fact.last_license is None or status is LicenseStatus.ISSUED or later:
                fact.last_license = (label, number, None if tag is None else tag_text(tag, prefix))
            if later:
                fact.valid_until = ends
        for dog_id, kind, until in session.execute(
            select(DogDesignation.dog_id, DogDesignation.kind, DogDesignation.until).where(
                DogDesignation.dog_id.in_(padded(dog_ids))
            )
        ):
            facts[dog_id].designations.append((kind, until))
        for dog_id, expires, given in session.execute(
            select(
                RabiesCertificate.dog_id,
                RabiesCertificate.expires_on,
                RabiesCertificate.vaccination_date,
            )
            .where(RabiesCertificate.dog_id.in_(padded(dog_ids)))
            .order_by(RabiesCertificate.dog_id, RabiesCertificate.expires_on)
        ):
            facts[dog_id].rabies_expires = expires  # the last, by expiry, is the one counted
            facts[dog_id].vaccinated = given

    def _seniors(self, ids: Sequence[int]) -> dict[int, int]:
        rows = self.session.execute(
            select(License.owner_id, func.count())
            .where(
                License.owner_id.in_(padded(ids)),
                License.license_year_start == self.years.start,
                License.exemption == "senior",
                License.status.in_(HELD),
            )
            .group_by(License.owner_id)
        )
        return {owner_id: int(n) for owner_id, n in rows}

    def _kennels(self, ids: Sequence[int]) -> dict[int, list[NoticeKennel]]:
        session, years = self.session, self.years
        rows = session.execute(
            select(
                Kennel.id,
                Kennel.keeper_id,
                Kennel.name,
                Kennel.premises_street,
                Kennel.premises_unit,
                Kennel.premises_city,
                Kennel.kennel_class,
                Kennel.category,
            )
            .where(Kennel.keeper_id.in_(padded(ids)), kennel_due(years))
            .order_by(Kennel.keeper_id, Kennel.name, Kennel.id)
        ).all()
        if not rows:
            return {}
        kennel_ids = [row.id for row in rows]
        last: dict[int, tuple[int, int]] = {}
        for kennel_id, number, counted in session.execute(
            select(KennelLicense.kennel_id, KennelLicense.number, KennelLicense.dogs_counted)
            .where(
                KennelLicense.kennel_id.in_(padded(kennel_ids)),
                KennelLicense.license_year_start == years.previous_start,
                KennelLicense.status.in_(HELD),
            )
            .order_by(KennelLicense.id)
        ):
            last[kennel_id] = (number, counted)
        counted_now = self._roster_counts(kennel_ids)
        found: dict[int, list[NoticeKennel]] = defaultdict(list)
        for row in rows:
            number, counted_then = last.get(row.id, (0, 0))
            dogs = counted_now.get(row.id) or counted_then or 1
            street = (
                f"{row.premises_street}, {row.premises_unit}"
                if row.premises_unit
                else (row.premises_street)
            )
            now, now_problem = self._kennel_amount(row, dogs, self.days.now)
            late, _ = (
                self._kennel_amount(row, dogs, self.days.late)
                if self.days.late is not None
                else (None, None)
            )
            found[row.keeper_id].append(
                NoticeKennel(
                    kennel_id=row.id,
                    name=row.name,
                    premises=f"{street}, {row.premises_city}",
                    last_license=kennel_label(years.previous_start, number),
                    dogs_counted=dogs,
                    amount_now=now,
                    # A kennel license has no late fee: the same amount later is no news.
                    amount_late=late if late is not None and late != now else None,
                    problem=now_problem,
                )
            )
        return found

    def _roster_counts(self, kennel_ids: list[int]) -> dict[int, int]:
        """Dogs on each roster old enough to be counted on the day the amount is quoted."""
        if self.kennel_age is None:
            return {}
        born_by = add_months(self.days.now, -self.kennel_age)
        rows = self.session.execute(
            select(KennelDog.kennel_id, func.count())
            .join(Dog, Dog.id == KennelDog.dog_id)
            .where(
                KennelDog.kennel_id.in_(padded(kennel_ids)),
                KennelDog.removed_on.is_(None),
                Dog.status == DogStatus.ACTIVE,
                Dog.birth_date.is_(None) | (Dog.birth_date <= born_by),
            )
            .group_by(KennelDog.kennel_id)
        )
        return {kennel_id: int(n) for kennel_id, n in rows}

    # -- quoting -----------------------------------------------------------------------
    def _kennel_amount(self, row: Any, dogs: int, on: dt.date) -> tuple[Decimal | None, str | None]:
        request = KennelQuoteRequest(
            on=on,
            dogs=dogs,
            kennel_class=row.kennel_class,
            license_year=self.days.year.starts_in,
            category=row.category,
        )
        try:
            return quote_kennel(self.profile, request).total, None
        except ClerkDeskError as exc:
            return None, f"The office will quote this kennel's fee: {exc}"

    def request(self, fact: _DogFacts, owner: Any, on: dt.date, seniors: int) -> DogQuoteRequest:
        """The counter's request for this dog on ``on`` (``services.standing._request``)."""
        year = self.days.year
        held = sorted(set(fact.held))
        renewal = self.years.previous_start in held
        missed = year.starts_in - held[-1].year - 1 if held and not renewal else 0
        rolling = self.profile.license_year_rule.rolling
        row = fact.row
        return DogQuoteRequest(
            on=on,
            sex=row.sex.value,
            altered=row.altered,
            renewal=renewal,
            born=row.birth_date,
            service_animal=any(
                kind is DesignationKind.SERVICE_ANIMAL and (until is None or until >= on)
                for kind, until in fact.designations
            ),
            designations=tuple(
                kind.value
                for kind, until in fact.designations
                if kind is not DesignationKind.SERVICE_ANIMAL and (until is None or until >= on)
            ),
            owner_born=owner.birth_date,
            owner_facts=("year_round_resident",) if owner.year_round_resident else (),
            notice_sent_on=self.sent_on or self._noticed.get(owner.id),
            owner_exempt_dogs=seniors,
            new_to_town_since=row.came_to_town_on,
            missed_years=0 if rolling else max(missed, 0),
            license_year=None if rolling else year.starts_in,
            last_licensed=held[-1].year if held else None,
            licensed_here_before=bool(held),
            previous_valid_until=fact.valid_until if rolling else None,
            rabies_vaccinated=fact.vaccinated,
            # One owner's dogs are one sale: its fees once per sale are on the notice once.
            whole_sale=False,
        )

    def _quote(
        self, fact: _DogFacts, owner: Any, on: dt.date, seniors: int
    ) -> tuple[Quote | None, str | None]:
        try:
            return quote_dog(self.profile, self.request(fact, owner, on, seniors)), None
        except ClerkDeskError as exc:
            return None, f"The office will quote this dog's fee: {exc}"

    def _days_for(self, fact: _DogFacts) -> tuple[dt.date, dt.date | None]:
        """The day a dog's amount is quoted for and its first late day: the run's, or where
        terms roll, its own: from the day its renewal opens (if after the notice's date)
        and from the first day a late fee counted from its license's end applies."""
        until = fact.valid_until
        if self.years.rolling_end is None or until is None:
            return self.days.now, self.days.late
        quoted = max(self.days.now, renewal_opens(self.profile, until))
        late = [
            until + dt.timedelta(days=rule.scope.after_expiry_days + 1)
            for rule in self.profile.schedule_for(self.days.year).late_fees
            if rule.scope.after_expiry_days is not None
        ]
        first = min(late) if late else None
        return quoted, first if first is not None and first > quoted else None

    def _rabies_note(self, expires: dt.date | None) -> str | None:
        if expires is None:
            return "Bring a current rabies certificate: none is on file (MGL c.140 §137)."
        year = self.days.year
        if expires >= year.end:
            return None
        if expires < self.days.now:
            return (
                "Bring a current rabies certificate: the one on file expired on "
                f"{us_date(expires)}."
            )
        return (
            f"Bring a current rabies certificate: the one on file expires on {us_date(expires)}, "
            f"before license year {year.label} ends."
        )

    def notices(self, owner_ids: Sequence[int]) -> list[Notice]:
        """The notices of ``owner_ids`` (owners due, in their order)."""
        owners = self._owners(owner_ids)
        dogs = self._dogs(owner_ids)
        kennels = self._kennels(owner_ids)
        seniors = self._seniors(owner_ids)
        self._noticed = (
            {}
            if self.sent_on is not None
            else notices_sent_on(self.session, padded(owner_ids), self.years.start, self.days.now)
        )
        found: list[Notice] = []
        for owner_id in owner_ids:
            owner = owners.get(owner_id)
            if owner is None:
                continue
            found.append(
                Notice(
                    owner_id=owner_id,
                    owner_name=f"{owner.first_name} {owner.last_name}",
                    address=_address(owner),
                    dogs=self._owner_dogs(owner, dogs.get(owner_id, []), seniors.get(owner_id, 0)),
                    kennels=tuple(kennels.get(owner_id, [])),
                    sale_fees=self._sale_fees,
                )
            )
        return found

    def _owner_dogs(self, owner: Any, facts: list[_DogFacts], used: int) -> tuple[NoticeDog, ...]:
        # One owner's dogs renewed together in one visit: a senior exemption the first dog
        # takes counts against the next, as it does in the counter's cart.
        extra_now = extra_late = 0
        found: list[NoticeDog] = []
        for fact in facts:
            quoted_on, late_day = self._days_for(fact)
            now, problem = self._quote(fact, owner, quoted_on, used + extra_now)
            late: Quote | None = None
            if late_day is not None:
                late, _ = self._quote(fact, owner, late_day, used + extra_late)
            if now is not None and senior_exempt(now):
                extra_now += 1
            if late is not None and senior_exempt(late):
                extra_late += 1
            row = fact.row
            label, number, tag = fact.last_license or ("", 0, None)
            amount_now = now.total if now else None
            amount_late = late.total if late else None
            # Where terms roll, the day the dog's own license ends (the column is narrow).
            rolling_end = fact.valid_until if self.years.rolling_end is not None else None
            found.append(
                NoticeDog(
                    dog_id=row.id,
                    name=row.name,
                    described=f"{row.breed}, {_sex(row.sex, row.altered)}",
                    last_license=(
                        f"ends {us_date(rolling_end)}"
                        if rolling_end is not None
                        else (f"{label} no. {number}" if label else "")
                    ),
                    last_tag=tag,
                    amount_now=amount_now,
                    amount_late=amount_late if amount_late != amount_now else None,
                    rabies_note=self._rabies_note(fact.rabies_expires),
                    problem=problem,
                )
            )
        return tuple(found)

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
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select, true
from sqlalchemy.orm import Session

from clerkdesk.errors import ClerkDeskError
from clerkdesk.models import (
    DesignationKind,
    Dog,
    DogDesignation,
    License,
    LicenseStatus,
    Owner,
    RabiesCertificate,
    Sex,
)
from clerkdesk.reports.notice_data import ZERO, Notice, NoticeDog, NoticeKennel
from clerkdesk.rules import DogQuoteRequest, Quote, TownProfile, quote_dog
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.late_fee_steps import late_fee_step_days
from clerkdesk.rules.tag_text import tag_text
from clerkdesk.rules.transaction_fees import transaction_fee_lines
from clerkdesk.services.license_terms import HELD, renewal_opens
from clerkdesk.services.notice_days import QuoteDays, first_late_day, late_words
from clerkdesk.services.notice_kennels import KennelFacts, kennel_amount, read_kennels
from clerkdesk.services.notice_schedule import DayAmounts, all_free, schedule_of
from clerkdesk.services.notice_selection import Years, dog_due, padded
from clerkdesk.services.standing import notices_sent_on, senior_exempt
from clerkdesk.services.tag_prefix import stock_prefix

NEVER = "never licensed"
"""The last license of a dog reminded that has never held one (the §151A list's words)."""

__all__ = ["NEVER", "BatchReader", "QuoteDays", "first_late_day", "late_words", "padded"]


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
        self._sale_fee_total = sum((amount for _, amount in self._sale_fees), ZERO)
        kennel_rules = profile.schedule_for(days.year).kennel
        self.kennel_age = kennel_rules.count_age_months if kennel_rules else None
        self._step_cache: dict[dt.date | None, tuple[dt.date, ...]] = {}

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
            .join(Owner, Owner.id == Dog.owner_id)
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
                # Where terms roll, the dog's latest license, whatever year it was counted
                # in; a reminder's dog may have lapsed longer: its latest before the year.
                true()
                if rolling
                else (
                    License.license_year_start < years.start
                    if years.unlicensed is not None
                    else License.license_year_start == years.previous_start
                ),
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

    # -- quoting -----------------------------------------------------------------------
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
        kennels = read_kennels(self.session, self.years, owner_ids, self.kennel_age, self.days.now)
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
                self._notice(
                    owner,
                    dogs.get(owner_id, []),
                    kennels.get(owner_id, []),
                    seniors.get(owner_id, 0),
                )
            )
        return found

    # -- one owner ---------------------------------------------------------------------
    def _on(
        self, owner: Any, facts: list[_DogFacts], kennels: list[KennelFacts], used: int, on: dt.date
    ) -> tuple[DayAmounts, list[str | None], list[str | None]]:
        """The owner's amounts on ``on``, and why any could not be quoted. One owner's dogs
        are renewed together in one visit: a senior exemption the first dog takes counts
        against the next, as it does in the counter's cart."""
        extra = 0
        amounts: list[Decimal | None] = []
        problems: list[str | None] = []
        for fact in facts:
            quote, problem = self._quote(fact, owner, on, used + extra)
            if quote is not None and senior_exempt(quote):
                extra += 1
            amounts.append(quote.total if quote is not None else None)
            problems.append(problem)
        kennel_amounts: list[Decimal | None] = []
        kennel_problems: list[str | None] = []
        for kennel in kennels:
            amount, problem = kennel_amount(self.profile, kennel, on, self.days.year)
            kennel_amounts.append(amount)
            kennel_problems.append(problem)
        day = DayAmounts(tuple(amounts), tuple(kennel_amounts), self._sale_fee_total)
        return day, problems, kennel_problems

    def _step_days(self, owner_id: int) -> tuple[dt.date, ...]:
        """The days a late fee may change after the day quoted, for this owner's notice date."""
        noticed = self.sent_on or self._noticed.get(owner_id)
        if noticed not in self._step_cache:
            self._step_cache[noticed] = late_fee_step_days(
                self.profile, self.days.year, self.days.now, noticed
            )
        return self._step_cache[noticed]

    def _notice(
        self, owner: Any, facts: list[_DogFacts], kennels: list[KennelFacts], used: int
    ) -> Notice:
        rolling = self.years.rolling_end is not None
        if rolling:
            dogs = self._rolling_dogs(owner, facts, used)
            kennel_now: DayAmounts | None = None
            kennel_problems: list[str | None] = [None] * len(kennels)
            if kennels:
                kennel_now, _, kennel_problems = self._on(owner, [], kennels, used, self.days.now)
            notice = self._notice_of(owner, dogs, kennels, kennel_now, None, kennel_problems)
            total_late = notice.total_late
            free = notice.total_now == ZERO and total_late in (None, ZERO)
            return replace(notice, exempt=free and bool(dogs or kennels))
        days: dict[dt.date, tuple[DayAmounts, list[str | None], list[str | None]]] = {}

        def amounts_on(on: dt.date) -> DayAmounts:
            if on not in days:
                days[on] = self._on(owner, facts, kennels, used, on)
            return days[on][0]

        steps, more = schedule_of(
            self.days.now, self._step_days(owner.id), amounts_on, self.days.year.end
        )
        now, problems, kennel_problems = days[self.days.now]
        late = amounts_on(self.days.late) if self.days.late is not None else None
        dogs = tuple(
            self._dog_row(fact, now.dogs[i], late.dogs[i] if late else None, problems[i])
            for i, fact in enumerate(facts)
        )
        notice = self._notice_of(owner, dogs, kennels, now, late, kennel_problems)
        return replace(
            notice,
            schedule=steps,
            schedule_more=more,
            exempt=all_free(steps) and bool(dogs or kennels),
        )

    def _notice_of(
        self,
        owner: Any,
        dogs: tuple[NoticeDog, ...],
        kennels: list[KennelFacts],
        now: DayAmounts | None,
        late: DayAmounts | None,
        problems: list[str | None],
    ) -> Notice:
        rows = []
        for i, kennel in enumerate(kennels):
            amount_now = now.kennels[i] if now is not None else None
            amount_late = late.kennels[i] if late is not None else None
            rows.append(
                NoticeKennel(
                    kennel_id=kennel.kennel_id,
                    name=kennel.name,
                    premises=kennel.premises,
                    last_license=kennel.last_license,
                    dogs_counted=kennel.dogs_counted,
                    amount_now=amount_now,
                    # A kennel license has no late fee: the same amount later is no news.
                    amount_late=amount_late if amount_late != amount_now else None,
                    problem=problems[i],
                    max_dogs=kennel.terms.max_dogs,
                )
            )
        return Notice(
            owner_id=owner.id,
            owner_name=f"{owner.first_name} {owner.last_name}",
            address=_address(owner),
            dogs=dogs,
            kennels=tuple(rows),
            sale_fees=self._sale_fees,
        )

    def _dog_row(
        self,
        fact: _DogFacts,
        amount_now: Decimal | None,
        amount_late: Decimal | None,
        problem: str | None,
        rolling_end: dt.date | None = None,
    ) -> NoticeDog:
        row = fact.row
        label, number, tag = fact.last_license or ("", 0, None)
        return NoticeDog(
            dog_id=row.id,
            name=row.name,
            described=f"{row.breed}, {_sex(row.sex, row.altered)}",
            last_license=(
                f"ends {us_date(rolling_end)}"
                if rolling_end is not None
                else (f"{label} no. {number}" if label else "" if fact.held else NEVER)
            ),
            last_tag=tag,
            amount_now=amount_now,
            amount_late=amount_late if amount_late != amount_now else None,
            rabies_note=self._rabies_note(fact.rabies_expires),
            problem=problem,
        )

    def _rolling_dogs(self, owner: Any, facts: list[_DogFacts], used: int) -> tuple[NoticeDog, ...]:
        """Where terms roll each dog is quoted on its own days (``_days_for``)."""
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
            found.append(
                self._dog_row(
                    fact,
                    now.total if now else None,
                    late.total if late else None,
                    problem,
                    # The day the dog's own license ends (the column is narrow).
                    rolling_end=fact.valid_until,
                )
            )
        return tuple(found)

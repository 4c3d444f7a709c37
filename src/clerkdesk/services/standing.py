"""Where a dog stands today: what it owes for which license year and why, or why it cannot
be licensed, in words. The counter shows this; checkout charges exactly this."""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    DesignationKind,
    Dog,
    DogStatus,
    Kennel,
    KennelDog,
    KennelLicense,
    KennelStatus,
    License,
    LicenseStatus,
    LicenseYearOpening,
    Owner,
    OwnerStatus,
    RabiesCertificate,
)
from clerkdesk.models.years import NoticeSent
from clerkdesk.rules import DogQuoteRequest, LicenseYear, Quote, TownProfile, quote_dog
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import NoticeKind
from clerkdesk.services.enforcement.in_force import bar_refusals
from clerkdesk.services.kennel_facts import license_label
from clerkdesk.services.license_terms import (
    HELD,
    counting_year,
    held_license,
    last_term_end,
    renewal_opens,
)
from clerkdesk.services.tag_prefix import tag_text_in

NOTICES_COUNTED = (NoticeKind.RENEWAL,)
"""The notices a late fee ``counted_from = "notice"`` runs from: the last renewal notice made
for the owner for the license year (docs/town-profiles.md). A reminder letter, sent after a
fee has begun, does not start the count again."""


@dataclass(frozen=True)
class DogStanding:
    dog_id: int
    owner_id: int
    dog_name: str
    license_year: LicenseYear | None
    quote: Quote | None
    blockers: tuple[str, ...]
    warnings: tuple[str, ...]
    last_licensed: str | None
    licensed_for_year: bool
    rabies_expires: dt.date | None
    certificate_id: int | None
    request: DogQuoteRequest | None
    kennel_license: str | None = None
    """Kept at a kennel licensed for the year: what the counter says instead of a quote."""

    @property
    def can_license(self) -> bool:
        return not self.blockers and self.quote is not None


def notices_sent_on(
    session: Session, owner_ids: Collection[int], year_start: dt.date, on: dt.date
) -> dict[int, dt.date]:
    """The date printed on the last notice (``NOTICES_COUNTED``) sent to each of
    ``owner_ids`` for the license year starting ``year_start``, of those dated on or before
    ``on``; an owner never sent one is left out. One query for any number of owners."""
    if not owner_ids:
        return {}
    rows = session.execute(
        select(NoticeSent.owner_id, func.max(NoticeSent.sent_on))
        .where(
            NoticeSent.owner_id.in_(owner_ids),
            NoticeSent.license_year_start == year_start,
            NoticeSent.kind.in_(NOTICES_COUNTED),
            NoticeSent.sent_on <= on,
        )
        .group_by(NoticeSent.owner_id)
    )
    return {owner_id: sent for owner_id, sent in rows if sent is not None}


def counts_notices(profile: TownProfile, year: LicenseYear) -> bool:
    """Whether a late fee in force for ``year`` is counted from the renewal notice."""
    try:
        rules = profile.schedule_for(year).late_fees
    except ValidationError:
        return False
    return any(rule.scope.after_notice_days is not None for rule in rules)


class NoticeDates:
    """Owners' last notice dates (``notices_sent_on``), each owner, year and day read once:
    a card or a cart quotes all of one owner's dogs with one query."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._found: dict[tuple[int, dt.date, dt.date], dt.date | None] = {}

    def of(self, owner_id: int, year_start: dt.date, on: dt.date) -> dt.date | None:
        key = (owner_id, year_start, on)
        if key not in self._found:
            sent = notices_sent_on(self._session, (owner_id,), year_start, on)
            self._found[key] = sent.get(owner_id)
        return self._found[key]


def _previous_start(profile: TownProfile, year: LicenseYear) -> dt.date:
    return profile.license_year_starting_in(year.starts_in - 1).start


def _senior_exemptions_used(session: Session, owner_id: int, year: LicenseYear) -> int:
    rows = session.scalars(
        select(License.id).where(
            License.owner_id == owner_id,
            License.license_year_start == year.start,
            License.exemption == "senior",
            License.status.in_(HELD),
        )
    ).all()
    return len(rows)


def _request(
    session: Session,
    profile: TownProfile,
    dog: Dog,
    owner: Owner,
    on: dt.date,
    year: LicenseYear,
    license_year: int | None,
    extra_senior: int,
    notice_sent_on: dt.date | None,
    vaccinated: dt.date | None,
) -> DogQuoteRequest:
    held = sorted(
        set(
            session.scalars(
                select(License.license_year_start).where(
                    License.dog_id == dog.id,
                    License.status.in_(HELD),
                    License.license_year_start < year.start,
                )
            )
        )
    )
    previous = _previous_start(profile, year)
    renewal = previous in held
    missed = 0
    rolling = profile.license_year_rule.rolling
    # Where terms roll, a renewal is decided by the rules from the last term's end, and a
    # lapse is not charged as arrears of past license years.
    if held and not renewal and not rolling:
        missed = year.starts_in - held[-1].year - 1
    designations = tuple(
        d.kind.value
        for d in dog.designations
        if d.kind is not DesignationKind.SERVICE_ANIMAL and (d.until is None or d.until >= on)
    )
    service = any(
        d.kind is DesignationKind.SERVICE_ANIMAL and (d.until is None or d.until >= on)
        for d in dog.designations
    )
    return DogQuoteRequest(
        on=on,
        sex=dog.sex.value,
        altered=dog.altered,
        renewal=renewal,
        born=dog.birth_date,
        service_animal=service,
        designations=designations,
        owner_born=owner.birth_date,
        owner_facts=owner.facts,
        notice_sent_on=notice_sent_on,
        owner_exempt_dogs=_senior_exemptions_used(session, owner.id, year) + extra_senior,
        new_to_town_since=dog.came_to_town_on,
        missed_years=max(missed, 0),
        license_year=license_year,
        # The reach of a late fee (last year / ever here / every dog) is the profile's; the
        # history it is decided from is this town's licenses of the dog.
        last_licensed=held[-1].year if held else None,
        licensed_here_before=bool(held),
        previous_valid_until=last_term_end(session, dog.id) if rolling else None,
        rabies_vaccinated=vaccinated,
        # The counter quotes each dog; the cart adds the fees once per sale itself.
        whole_sale=False,
    )


def _opened(session: Session, year: LicenseYear) -> bool:
    """Whether the clerk has opened the license year (``services.year_open``): a sale never
    waits for it, but the counter says so during the early sale."""
    found = session.scalar(
        select(LicenseYearOpening.id).where(LicenseYearOpening.license_year_start == year.start)
    )
    return found is not None


def dog_standing(
    session: Session,
    profile: TownProfile,
    dog_id: int,
    on: dt.date,
    *,
    license_year: int | None = None,
    extra_senior: int = 0,
    notices: NoticeDates | None = None,
) -> DogStanding:
    """``extra_senior`` counts senior exemptions already in the same cart; ``notices``,
    shared by the dogs of a card or cart, reads each owner's last notice date once."""
    dog = session.get(Dog, dog_id)
    if dog is None:
        raise ValidationError("That dog is not on file.", field="dog")
    owner = dog.owner
    blockers: list[str] = []
    warnings: list[str] = []
    year: LicenseYear | None = None
    try:
        year = (
            profile.license_year_containing(on)
            if license_year is None
            else profile.license_year_starting_in(license_year)
        )
    except ValidationError as exc:
        blockers.append(str(exc))
    last = session.execute(
        select(License.license_year_label, License.license_year_start)
        .where(License.dog_id == dog.id, License.status.in_(HELD))
        .order_by(License.license_year_start.desc())
        .limit(1)
    ).first()
    licensed_for_year = False
    rolling = profile.license_year_rule.rolling
    if year is not None:
        current = held_license(session, profile, dog.id, year, on)
        worn = (
            tag_text_in(session, current.license_year_start, current.tag_number)
            if current is not None
            else None
        )
        if current is not None and not rolling:
            licensed_for_year = True
            blockers.append(
                f"{dog.name} is already licensed for {year.label} "
                f"(license {current.number}, tag {worn or 'none'})."
            )
        elif current is not None and on < renewal_opens(profile, current.valid_until):
            licensed_for_year = True
            blockers.append(
                f"{dog.name} is licensed until {us_date(current.valid_until)} (license "
                f"{current.number}, tag {worn or 'none'}); its renewal opens on "
                f"{us_date(renewal_opens(profile, current.valid_until))}."
            )
    kennel, kennel_note = (
        kept_under_kennel(session, dog.id, on, year) if year is not None else (None, None)
    )
    if kennel is not None:
        blockers.append(kennel)
    if kennel_note is not None:
        warnings.append(kennel_note)
    if dog.status is not DogStatus.ACTIVE:
        blockers.append(f"{dog.name} is marked {dog.status.value}.")
    if owner.status is not OwnerStatus.ACTIVE:
        blockers.append(f"{owner.display_name} is marked {owner.status.value}.")
    # A violated order's five-year bar (MGL c.140 §157) is the dog's owner's, who takes the
    # license out; who hands over the money does not change whose license it is.
    blockers.extend(bar_refusals(session, [owner.id], on))
    certificate = session.scalars(
        select(RabiesCertificate)
        .where(RabiesCertificate.dog_id == dog.id)
        .order_by(RabiesCertificate.expires_on.desc())
        .limit(1)
    ).first()
    if certificate is None:
        blockers.append(f"No rabies certificate on file for {dog.name} (MGL c.140 §137).")
    elif certificate.expires_on < on:
        blockers.append(
            f"{dog.name}'s rabies certificate expired on {us_date(certificate.expires_on)}: "
            "a current one is needed (MGL c.140 §137)."
        )
    elif year is not None and not rolling and certificate.expires_on < year.end:
        warnings.append(
            f"The rabies certificate expires on {us_date(certificate.expires_on)}, before "
            f"license year {year.label} ends on {us_date(year.end)}."
        )
    if year is not None and on < year.start and not _opened(session, year):
        warnings.append(
            f"License year {year.label} has not been opened yet (Open license year "
            f"{year.starts_in}); the early sale goes ahead all the same."
        )
    quote = None
    request = None
    if year is not None and not (rolling and licensed_for_year):
        # Read only where a late fee counts from the notice: most towns have none.
        noticed = (
            (notices or NoticeDates(session)).of(owner.id, year.start, on)
            if counts_notices(profile, year)
            else None
        )
        vaccinated = certificate.vaccination_date if certificate else None
        request = _request(
            session,
            profile,
            dog,
            owner,
            on,
            year,
            None if rolling else license_year,
            extra_senior,
            noticed,
            vaccinated,
        )
        try:
            quote = quote_dog(profile, request)
            # A dog licensed for the year owes nothing: what its quote would warn about
            # (an exemption used up, by this very dog) is not true of it.
            if not licensed_for_year:
                warnings.extend(quote.warnings)
        except ValidationError as exc:
            blockers.append(str(exc))
    term = quote.license_year if quote else None
    if (
        rolling
        and term is not None
        and certificate is not None
        and certificate.expires_on < term.end
    ):
        warnings.append(
            f"The rabies certificate expires on {us_date(certificate.expires_on)}, before "
            f"the license runs out on {us_date(term.end)}."
        )
    return DogStanding(
        dog_id=dog.id,
        owner_id=owner.id,
        dog_name=dog.name,
        # Where terms roll, the year the license is counted (and its tag drawn) in; the
        # quote's license year is the dog's own term.
        license_year=counting_year(profile, term) if term else year,
        quote=quote,
        blockers=tuple(blockers),
        warnings=tuple(warnings),
        last_licensed=last[0] if last else None,
        licensed_for_year=licensed_for_year,
        rabies_expires=certificate.expires_on if certificate else None,
        certificate_id=certificate.id if certificate and certificate.expires_on >= on else None,
        request=request,
        kennel_license=kennel,
    )


def kept_under_kennel(
    session: Session, dog_id: int, on: dt.date, year: LicenseYear
) -> tuple[str | None, str | None]:
    """What the counter says of a dog on an active kennel's roster: covered by the kennel's
    license for the year (MGL c.140 §137A), it needs no license of its own (the first,
    refusing); without one yet, a note that the kennel's license would cover it."""
    roster = session.execute(
        select(Kennel.id, Kennel.name)
        .join(KennelDog, KennelDog.kennel_id == Kennel.id)
        .where(
            KennelDog.dog_id == dog_id,
            KennelDog.added_on <= on,
            (KennelDog.removed_on.is_(None)) | (KennelDog.removed_on > on),
            Kennel.status == KennelStatus.ACTIVE,
        )
        .limit(1)
    ).first()
    if roster is None:
        return None, None
    held = session.execute(
        select(KennelLicense.license_year_label, KennelLicense.number).where(
            KennelLicense.kennel_id == roster.id,
            KennelLicense.license_year_start == year.start,
            KennelLicense.status == LicenseStatus.ISSUED,
        )
    ).first()
    if held is None:
        return None, (
            f"On the roster of {roster.name}, which holds no kennel license for {year.label} "
            "yet: the kennel's license would cover this dog."
        )
    label = license_label(held.license_year_label, held.number)
    return f"Kept under kennel license {label} ({roster.name}): needs no license of its own.", None


def senior_exempt(quote: Quote) -> bool:
    return any(
        line.code == "dog_license" and ".exemptions.senior" in line.source for line in quote.lines
    )


def exemption_of(quote: Quote, request: DogQuoteRequest) -> str | None:
    if request.service_animal:
        return "service_animal"
    if senior_exempt(quote):
        return "senior"
    return None

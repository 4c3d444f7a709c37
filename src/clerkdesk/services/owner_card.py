"""Everything the counter shows about one owner, read in one transaction.

The owner's details and badges, each dog with what it owes today (the same standing that
checkout charges), its designations and the license it holds for the license year being
sold. That is the year in force, or next year's while its early sale is open and the clerk
asks for it. Frozen values only: the screen keeps them without a session.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from sqlalchemy import select

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    DesignationKind,
    Dog,
    DogStatus,
    License,
    LicenseStatus,
    Owner,
    OwnerStatus,
)
from clerkdesk.rules import (
    LicenseYear,
    QuoteLine,
    QuoteRefused,
    TownProfile,
    dog_limit_warnings,
    years_on_sale,
)
from clerkdesk.rules.new_to_town import is_new_to_town, new_to_town_until
from clerkdesk.rules.schedule import SeniorExemption
from clerkdesk.rules.town_time import town_zone
from clerkdesk.rules.transaction_fees import sale_fees_on
from clerkdesk.services.enforcement.counter_facts import CounterFacts, owner_facts
from clerkdesk.services.license_terms import held_license
from clerkdesk.services.people import DogInput, OwnerInput
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.standing import DogStanding, NoticeDates, dog_standing, senior_exempt
from clerkdesk.services.tag_prefix import tag_text_in


@dataclass(frozen=True)
class HeldLicense:
    """The license a dog holds for the license year the card is for."""

    license_id: int
    number: int
    tag_number: int | None
    license_year_label: str
    tag: str | None
    """The tag as it reads on the collar, its stock's prefix first (``W-125``)."""


@dataclass(frozen=True)
class CardDog:
    dog_id: int
    name: str
    breed: str
    color: str
    sex: str
    altered: bool
    status: DogStatus
    designations: tuple[DesignationKind, ...]
    standing: DogStanding
    held: HeldLicense | None
    details: DogInput
    # When the dog holds no license for the year because its sale was voided: the void's
    # words ("Voided 12/03/2026 by ann: wrong dog").
    voided: str | None = None
    # The last day the dog counts as new to town, while it does (the license year it came
    # in, or the profile's window): a late fee may treat it apart.
    new_to_town_until: dt.date | None = None

    @property
    def sex_label(self) -> str:
        if self.sex == "male":
            return "M/N" if self.altered else "M"
        return "F/S" if self.altered else "F"

    @property
    def active(self) -> bool:
        return self.status is DogStatus.ACTIVE


@dataclass(frozen=True)
class OwnerCard:
    owner_id: int
    display_name: str
    status: OwnerStatus
    age: int | None
    senior_exempt: bool
    badges: tuple[str, ...]
    details: OwnerInput
    dogs: tuple[CardDog, ...]
    # The year the card's dogs are quoted for, and every year on sale today (this year,
    # and next year's during its early sale).
    license_year: LicenseYear
    years_on_sale: tuple[LicenseYear, ...]
    # The owner's active dogs past the town's kennel-license threshold or household limit.
    limit_warnings: tuple[str, ...] = ()
    # Fees charged once per sale of dog licenses (``transaction_fees``): the cart adds them
    # once, however many dogs it holds, as checkout charges them.
    sale_fees: tuple[QuoteLine, ...] = ()
    # Enforcement (issue 28): open violations and unpaid fines, impounded dogs and their
    # charges, orders in force, licensing bars; what the cart may take with the licenses.
    enforcement: CounterFacts = field(default_factory=CounterFacts)

    @property
    def license_year_label(self) -> str:
        return self.license_year.label

    @property
    def license_year_end(self) -> dt.date:
        return self.license_year.end

    @property
    def due(self) -> tuple[CardDog, ...]:
        """Active dogs that can be licensed today."""
        return tuple(d for d in self.dogs if d.active and d.standing.can_license)

    def dog(self, dog_id: int) -> CardDog | None:
        return next((d for d in self.dogs if d.dog_id == dog_id), None)


YEAR_ROUND_BADGE = "year-round resident"


def age_on(born: dt.date | None, on: dt.date) -> int | None:
    if born is None:
        return None
    return on.year - born.year - ((on.month, on.day) < (born.month, born.day))


def _owner_input(owner: Owner) -> OwnerInput:
    return OwnerInput(
        first_name=owner.first_name,
        last_name=owner.last_name,
        street=owner.street,
        city=owner.city,
        postal_code=owner.postal_code,
        state=owner.state,
        unit=owner.unit,
        mailing_street=owner.mailing_street,
        mailing_city=owner.mailing_city,
        mailing_state=owner.mailing_state,
        mailing_postal_code=owner.mailing_postal_code,
        phone=owner.phone,
        phone_alt=owner.phone_alt,
        email=owner.email,
        birth_date=owner.birth_date,
        notes=owner.notes,
        year_round_resident=owner.year_round_resident,
    )


def _dog_input(dog: Dog) -> DogInput:
    return DogInput(
        name=dog.name,
        breed=dog.breed,
        color=dog.color,
        sex=dog.sex.value,
        altered=dog.altered,
        altered_proof=dog.altered_proof,
        breed_secondary=dog.breed_secondary,
        birth_date=dog.birth_date,
        birth_date_estimated=dog.birth_date_estimated,
        microchip=dog.microchip,
        description=dog.description,
        came_to_town_on=dog.came_to_town_on,
    )


def _senior_rule(profile: TownProfile, year: LicenseYear) -> SeniorExemption | None:
    try:
        return profile.schedule_for(year).exemptions.senior
    except QuoteRefused:  # no schedule in force: each dog's standing says so in words
        return None


def _limit_warnings(profile: TownProfile, owned: list[Dog], on: dt.date) -> tuple[str, ...]:
    born = [dog.birth_date for dog in owned if dog.status is DogStatus.ACTIVE]
    try:
        return dog_limit_warnings(profile, on, born)
    except QuoteRefused:  # no schedule in force: each dog's standing says so in words
        return ()


# Dogs that left the household sink to the bottom of the card.
_ORDER = {DogStatus.ACTIVE: 0, DogStatus.LOST: 1}


def owner_card(
    database: Database,
    owner_id: int,
    on: dt.date,
    *,
    license_year: int | None = None,
    now: dt.datetime | None = None,
) -> OwnerCard:
    """``license_year`` (the calendar year it starts in) asks for next year's licenses while
    they are on sale; a year not on sale on ``on`` gives the year in force instead, so a card
    always says which year it quotes. ``now`` (the counter's moment) counts an impounded
    dog's charges; without it they are counted to noon of ``on``."""
    with database.read() as session:
        owner = session.get(Owner, owner_id)
        if owner is None:
            raise ValidationError("That owner is not on file.", field="owner")
        profile = profile_in_force(session)
        on_sale = years_on_sale(profile, on)
        year = next((y for y in on_sale if y.starts_in == license_year), on_sale[0])
        chosen = None if year == on_sale[0] else year.starts_in
        dogs: list[CardDog] = []
        seniors = 0
        owned = list(session.scalars(select(Dog).where(Dog.owner_id == owner_id)))
        ordered = sorted(owned, key=lambda d: (_ORDER.get(d.status, 2), d.name, d.id))
        notices = NoticeDates(session)  # the owner's last notice date, read once
        for dog in ordered:
            standing = dog_standing(
                session,
                profile,
                dog.id,
                on,
                license_year=chosen,
                extra_senior=seniors,
                notices=notices,
            )
            if standing.quote is not None and senior_exempt(standing.quote):
                seniors += 1
            held_row = held_license(session, profile, dog.id, year, on)
            held = (
                HeldLicense(
                    held_row.id,
                    held_row.number,
                    held_row.tag_number,
                    _held_label(profile, held_row),
                    tag_text_in(session, held_row.license_year_start, held_row.tag_number),
                )
                if held_row is not None
                else None
            )
            voided = (
                None
                if held
                else session.scalar(
                    select(License.status_reason)
                    .where(
                        License.dog_id == dog.id,
                        License.license_year_start == year.start,
                        License.status == LicenseStatus.VOID,
                    )
                    .order_by(License.status_changed_at.desc(), License.id.desc())
                    .limit(1)
                )
            )
            kinds = tuple(
                d.kind
                for d in dog.designations
                if d.since <= on and (d.until is None or d.until >= on)
            )
            dogs.append(
                CardDog(
                    dog_id=dog.id,
                    name=dog.name,
                    breed=dog.breed,
                    color=dog.color,
                    sex=dog.sex.value,
                    altered=dog.altered,
                    status=dog.status,
                    designations=kinds,
                    standing=standing,
                    held=held,
                    details=_dog_input(dog),
                    voided=voided,
                    new_to_town_until=_new_until(profile, dog.came_to_town_on, year, on),
                )
            )
        age = age_on(owner.birth_date, on)
        badges: list[str] = []
        if owner.status is not OwnerStatus.ACTIVE:
            badges.append(owner.status.value)
        # An age badge means something only where the town's rules exempt older owners.
        senior = _senior_rule(profile, year)
        born = owner.birth_date
        if senior is not None and born is not None and senior.fits(born, on):
            shown = f"over {senior.age}" if senior.strictly_over else f"{senior.age}+"
            badges.append(f"{shown} exempt" if seniors else shown)
        # Shown only where the exemption asks for it: elsewhere it changes no fee.
        if (
            senior is not None
            and owner.year_round_resident
            and "year_round_resident" in (senior.owner_facts)
        ):
            badges.append(YEAR_ROUND_BADGE)
        return OwnerCard(
            owner_id=owner.id,
            display_name=owner.display_name,
            status=owner.status,
            age=age,
            senior_exempt=seniors > 0,
            badges=tuple(badges),
            details=_owner_input(owner),
            dogs=tuple(dogs),
            license_year=year,
            years_on_sale=on_sale,
            limit_warnings=_limit_warnings(profile, owned, on),
            sale_fees=tuple(sale_fees_on(profile, on)),
            enforcement=owner_facts(
                session,
                profile,
                owner.id,
                now or dt.datetime.combine(on, dt.time(12), tzinfo=town_zone()),
            ),
        )


@dataclass(frozen=True)
class StandingsNow:
    standings: tuple[DogStanding, ...]
    owner_names: dict[int, str]  # every owner of those dogs, by id


def standings_now(
    database: Database, wanted: Sequence[tuple[int, int | None]], on: dt.date
) -> StandingsNow:
    """Each (dog id, license year it starts in) as it stands now, for a cart kept while its
    dogs change (a certificate, a transfer, a status, an edit). Senior exemptions are
    counted per owner in the order given, as checkout counts them."""
    with database.read() as session:
        profile = profile_in_force(session)
        seniors: dict[int, int] = {}
        out: list[DogStanding] = []
        names: dict[int, str] = {}
        notices = NoticeDates(session)
        for dog_id, year in wanted:
            dog = session.get(Dog, dog_id)
            if dog is None:
                continue
            owner_id = dog.owner_id
            standing = dog_standing(
                session,
                profile,
                dog_id,
                on,
                license_year=year,
                extra_senior=seniors.get(owner_id, 0),
                notices=notices,
            )
            if standing.quote is not None and senior_exempt(standing.quote):
                seniors[owner_id] = seniors.get(owner_id, 0) + 1
            names[owner_id] = dog.owner.display_name
            out.append(standing)
        return StandingsNow(tuple(out), names)


def _new_until(
    profile: TownProfile, arrived: dt.date | None, year: LicenseYear, on: dt.date
) -> dt.date | None:
    rule = profile.license_year_rule
    if arrived is None or not is_new_to_town(rule, arrived, year, on):
        return None
    return new_to_town_until(rule, arrived, year)


def _held_label(profile: TownProfile, held: License) -> str:
    """What the card says a license is for: its license year, or where terms roll, the
    last day of its own term ("to 03/10/2027")."""
    if profile.license_year_rule.rolling:
        return f"the term to {held.valid_until:%m/%d/%Y}"
    return held.license_year_label

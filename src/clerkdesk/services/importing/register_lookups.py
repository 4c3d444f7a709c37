"""What is already on file, read once before a register is planned: the keys that match an
imported owner or dog to one here, the tags and license numbers each year has given out,
and the certificates, licenses and kennels each dog already holds.

Read in a handful of whole-table queries (a few seconds for 100,000 dogs) rather than a query
per row, so that planning 50,000 rows is dictionary look-ups.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.models import (
    Dog,
    Kennel,
    KennelDog,
    License,
    LicenseStatus,
    Owner,
    RabiesCertificate,
    TagIssue,
)
from clerkdesk.rules.register_keys import (
    chip_key,
    dog_key,
    email_key,
    household_key,
    phone_key,
)

OwnerRef = int
"""An owner's id on file, or a negative number for one this import adds."""
DogRef = int


def last_key(last: str | None) -> str:
    return " ".join((last or "").lower().split())


@dataclass
class Lookups:
    households: dict[str, OwnerRef] = field(default_factory=dict)
    emails: dict[tuple[str, str], OwnerRef] = field(default_factory=dict)
    phones: dict[tuple[str, str], OwnerRef] = field(default_factory=dict)
    owner_names: dict[OwnerRef, str] = field(default_factory=dict)
    chips: dict[str, DogRef] = field(default_factory=dict)
    dogs_by_name: dict[tuple[object, str], DogRef] = field(default_factory=dict)
    dog_names: dict[DogRef, str] = field(default_factory=dict)
    dog_owner: dict[DogRef, OwnerRef] = field(default_factory=dict)
    tags: dict[tuple[dt.date, int], DogRef] = field(default_factory=dict)
    numbers: dict[tuple[dt.date, int], DogRef] = field(default_factory=dict)
    licensed: set[tuple[DogRef, dt.date]] = field(default_factory=set)
    certificates: set[tuple[DogRef, dt.date | None, dt.date]] = field(default_factory=set)
    kennels: dict[tuple[OwnerRef, str], int] = field(default_factory=dict)
    rostered: set[tuple[int, DogRef]] = field(default_factory=set)

    def add_owner(
        self,
        ref: OwnerRef,
        first: str,
        last: str,
        street: str,
        unit: str | None,
        phone: str | None,
        email: str | None,
    ) -> None:
        self.households.setdefault(household_key(first, last, street, unit), ref)
        if email_key(email):
            self.emails.setdefault((email_key(email), last_key(last)), ref)
        if phone_key(phone):
            self.phones.setdefault((phone_key(phone), last_key(last)), ref)
        self.owner_names[ref] = f"{first} {last}".strip()

    def add_dog(self, ref: DogRef, owner: OwnerRef, name: str, chip: str | None) -> None:
        if chip_key(chip):
            self.chips.setdefault(chip_key(chip), ref)
        self.dogs_by_name.setdefault(dog_key(owner, name), ref)
        self.dog_names[ref] = name
        self.dog_owner[ref] = owner


def load_lookups(session: Session) -> Lookups:
    found = Lookups()
    owners = session.execute(
        select(
            Owner.id,
            Owner.first_name,
            Owner.last_name,
            Owner.street,
            Owner.unit,
            Owner.phone,
            Owner.email,
        )
    )
    for row in owners:
        found.add_owner(
            row.id, row.first_name, row.last_name, row.street, row.unit, row.phone, row.email
        )
    for dog in session.execute(select(Dog.id, Dog.owner_id, Dog.name, Dog.microchip)):
        found.add_dog(dog.id, dog.owner_id, dog.name, dog.microchip)
    for tag in session.execute(
        select(TagIssue.license_year_start, TagIssue.tag_number, License.dog_id).join(
            License, License.id == TagIssue.license_id
        )
    ):
        found.tags[(tag.license_year_start, tag.tag_number)] = tag.dog_id
    for held in session.execute(
        select(License.license_year_start, License.number, License.dog_id, License.status)
    ):
        found.numbers[(held.license_year_start, held.number)] = held.dog_id
        if held.status == LicenseStatus.ISSUED:
            found.licensed.add((held.dog_id, held.license_year_start))
    for cert in session.execute(
        select(
            RabiesCertificate.dog_id,
            RabiesCertificate.vaccination_date,
            RabiesCertificate.expires_on,
        )
    ):
        found.certificates.add((cert.dog_id, cert.vaccination_date, cert.expires_on))
    for kennel in session.execute(select(Kennel.id, Kennel.keeper_id, Kennel.name)):
        found.kennels[(kennel.keeper_id, last_key(kennel.name))] = kennel.id
    for kept in session.execute(
        select(KennelDog.kennel_id, KennelDog.dog_id).where(KennelDog.removed_on.is_(None))
    ):
        found.rostered.add((kept.kennel_id, kept.dog_id))
    return found

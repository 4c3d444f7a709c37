"""Reading kennels: the list (each kennel's license and inspection for a license year) and
the card (keeper, premises, the roster with each dog's kennel tag, inspections, licenses)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select

from clerkdesk.db.database import Database
from clerkdesk.models import Kennel, KennelLicense, KennelStatus, Receipt
from clerkdesk.rules.kennel_count import counts_in_kennel
from clerkdesk.rules.kinds import InspectionResult
from clerkdesk.services.documents import age_on
from clerkdesk.services.kennel_facts import (
    class_words,
    count_age,
    counted_dogs,
    full_names,
    inspection_for,
    inspection_words,
    inspector_name,
    license_for,
    license_label,
    license_year_of,
    premises_words,
    roster_on,
    tag_words,
    the_kennel,
)
from clerkdesk.services.profile_source import profile_in_force


@dataclass(frozen=True)
class KennelRow:
    kennel_id: int
    name: str
    keeper_name: str
    premises: str
    kennel_class_words: str
    category: str | None
    max_dogs: int
    dogs_counted: int
    license_label: str | None
    license_year_label: str | None
    inspection_words: str
    status: KennelStatus
    inspection_result: InspectionResult | None = None
    """The latest inspection for the license year, if any (``inspection_words`` says it
    whole, with the inspector)."""
    inspected_on: dt.date | None = None
    street: str = ""
    """The premises' street and unit: what tells one kennel from another in a list (the
    town and ZIP are ``premises``'s, and nearly always the town's own)."""


@dataclass(frozen=True)
class RosterDog:
    dog_id: int
    name: str
    breed: str
    age_words: str
    counted: bool
    kennel_tag: str | None


@dataclass(frozen=True)
class InspectionRow:
    inspection_id: int
    year_label: str
    inspected_on: dt.date
    result: InspectionResult
    inspector: str
    notes: str | None


@dataclass(frozen=True)
class KennelLicenseRow:
    kennel_license_id: int
    label: str
    year_label: str
    kennel_class_words: str
    max_dogs: int
    dogs_counted: int
    receipt_label: str
    status: str


@dataclass(frozen=True)
class KennelCard:
    kennel_id: int
    name: str
    keeper_id: int
    keeper_name: str
    keeper_address: str
    premises: str
    kennel_class: str
    kennel_class_words: str
    category: str | None
    max_dogs: int
    status: KennelStatus
    notes: str | None
    year_label: str
    dogs_counted: int
    count_age_months: int
    roster: tuple[RosterDog, ...]
    inspections: tuple[InspectionRow, ...]
    licenses: tuple[KennelLicenseRow, ...]


def kennel_list(database: Database, *, year: int | None = None, on: dt.date) -> list[KennelRow]:
    """Every kennel on file by name, with its license and inspection for the license year
    (``year``, or the one containing ``on``) and the dogs counted on ``on``."""
    with database.read() as session:
        profile = profile_in_force(session)
        license_year = license_year_of(profile, year, on)
        months = count_age(profile, license_year)
        names = full_names(session)
        rows = []
        for kennel in session.scalars(select(Kennel).order_by(Kennel.name, Kennel.id)):
            held = license_for(session, kennel.id, license_year.start)
            inspection = inspection_for(session, kennel.id, license_year.start)
            rows.append(
                KennelRow(
                    kennel_id=kennel.id,
                    name=kennel.name,
                    keeper_name=kennel.keeper.display_name,
                    premises=premises_words(kennel),
                    kennel_class_words=class_words(kennel.kennel_class),
                    category=kennel.category,
                    max_dogs=kennel.max_dogs,
                    dogs_counted=len(counted_dogs(roster_on(session, kennel.id, on), on, months)),
                    license_label=(
                        license_label(held.license_year_label, held.number) if held else None
                    ),
                    license_year_label=held.license_year_label if held else None,
                    inspection_words=inspection_words(inspection, license_year.label, names),
                    status=kennel.status,
                    inspection_result=inspection.result if inspection else None,
                    inspected_on=inspection.inspected_on if inspection else None,
                    street=" ".join(
                        part for part in (kennel.premises_street, kennel.premises_unit) if part
                    ),
                )
            )
        return rows


def kennel_card(database: Database, kennel_id: int, *, on: dt.date) -> KennelCard:
    with database.read() as session:
        kennel = the_kennel(session, kennel_id)
        profile = profile_in_force(session)
        year = profile.license_year_containing(on)
        months = count_age(profile, year)
        names = full_names(session)
        held = license_for(session, kennel.id, year.start)
        tags = {}
        if held is not None:
            label = license_label(held.license_year_label, held.number)
            tags = {t.dog_id: tag_words(label, t.position) for t in held.tags}
        roster = tuple(
            RosterDog(
                dog_id=dog.id,
                name=dog.name,
                breed=dog.breed,
                age_words=age_on(dog.birth_date, on, estimated=dog.birth_date_estimated)
                or "age not known",
                counted=counts_in_kennel(dog.birth_date, on, months),
                kennel_tag=tags.get(dog.id),
            )
            for dog in roster_on(session, kennel.id, on)
        )
        inspections = tuple(
            InspectionRow(
                i.id,
                profile.license_year_containing(i.license_year_start).label,
                i.inspected_on,
                i.result,
                inspector_name(i.inspector, names),
                i.notes,
            )
            for i in sorted(kennel.inspections, key=lambda i: (i.inspected_on, i.id), reverse=True)
        )
        licenses = tuple(
            KennelLicenseRow(
                row.id,
                license_label(row.license_year_label, row.number),
                row.license_year_label,
                class_words(row.kennel_class),
                row.max_dogs,
                row.dogs_counted,
                receipt.label,
                row.status.value,
            )
            for row, receipt in session.execute(
                select(KennelLicense, Receipt)
                .join(Receipt, Receipt.id == KennelLicense.receipt_id)
                .where(KennelLicense.kennel_id == kennel.id)
                .order_by(KennelLicense.license_year_start.desc(), KennelLicense.id.desc())
            )
        )
        keeper = kennel.keeper
        unit = f" {keeper.unit}" if keeper.unit else ""
        return KennelCard(
            kennel_id=kennel.id,
            name=kennel.name,
            keeper_id=keeper.id,
            keeper_name=keeper.display_name,
            keeper_address=f"{keeper.street}{unit}, {keeper.city} {keeper.postal_code}",
            premises=premises_words(kennel),
            kennel_class=kennel.kennel_class,
            kennel_class_words=class_words(kennel.kennel_class),
            category=kennel.category,
            max_dogs=kennel.max_dogs,
            status=kennel.status,
            notes=kennel.notes,
            year_label=year.label,
            dogs_counted=sum(1 for d in roster if d.counted),
            count_age_months=months,
            roster=roster,
            inspections=inspections,
            licenses=licenses,
        )


def person_name(database: Database, user_name: str) -> str:
    """The full name the signed-in person goes by (their sign-in name if they gave none):
    what a new inspection proposes as its inspector."""
    with database.read() as session:
        return full_names(session).get(user_name, user_name)

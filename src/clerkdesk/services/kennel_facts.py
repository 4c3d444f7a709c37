"""What the kennel services share: the roster on a day, the license year asked for, the
inspection and license a kennel holds for it, and the words they are shown in."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    Dog,
    DogStatus,
    Kennel,
    KennelDog,
    KennelInspection,
    KennelLicense,
    LicenseStatus,
    ReceiptLine,
    User,
)
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kennel_count import counts_in_kennel
from clerkdesk.rules.kinds import InspectionResult
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.schedule import KENNEL_CLASS_NAMES, KENNEL_CLASSES, KennelRules

# The kennel licenses' own gap-free run, per license year (services.numbers).
KENNEL_LICENSE = "kennel_license"
DEFAULT_COUNT_AGE_MONTHS = 3


def license_label(year_label: str, number: int) -> str:
    """``2026-K003``: the license year's label, K, and the number in that year's run."""
    return f"{year_label}-{kennel_number(number)}"


def kennel_number(number: int) -> str:
    """``K003``: the license's number in its year's run, as tags and labels print it."""
    return f"K{number:03d}"


def tag_words(label: str, position: int) -> str:
    """What a rostered dog's kennel tag says besides the town: ``2026-K003 #2``."""
    return f"{label} #{position}"


def class_words(kennel_class: str) -> str:
    """The state's words for a class (MGL c.140 §136A): ``personal kennel``."""
    for known in KENNEL_CLASSES:
        if known == kennel_class:
            return KENNEL_CLASS_NAMES[known]
    return kennel_class


def premises_words(kennel: Kennel) -> str:
    unit = f" {kennel.premises_unit}" if kennel.premises_unit else ""
    return f"{kennel.premises_street}{unit}, {kennel.premises_city} {kennel.premises_postal_code}"


def the_kennel(session: Session, kennel_id: int) -> Kennel:
    kennel = session.get(Kennel, kennel_id)
    if kennel is None:
        raise ValidationError(f"No kennel {kennel_id} is on file.", field="kennel")
    return kennel


def license_year_of(profile: TownProfile, year: int | None, on: dt.date) -> LicenseYear:
    """The license year starting in ``year``, or the one containing ``on``."""
    if year is None:
        return profile.license_year_containing(on)
    if not 1900 <= year <= 2200:
        raise ValidationError(f"{year} is not a license year.", field="license_year")
    return profile.license_year_starting_in(year)


def kennel_rules(profile: TownProfile, year: LicenseYear) -> KennelRules | None:
    return profile.schedule_for(year).kennel


def count_age(profile: TownProfile, year: LicenseYear) -> int:
    rules = kennel_rules(profile, year)
    return DEFAULT_COUNT_AGE_MONTHS if rules is None else rules.count_age_months


def roster_on(session: Session, kennel_id: int, on: dt.date) -> list[Dog]:
    """The dogs kept at the kennel on ``on`` (added by then, not removed by then), in the
    order they came; a dog marked deceased or moved away is kept nowhere."""
    return list(
        session.scalars(
            select(Dog)
            .join(KennelDog, KennelDog.dog_id == Dog.id)
            .where(
                KennelDog.kennel_id == kennel_id,
                Dog.status == DogStatus.ACTIVE,
                KennelDog.added_on <= on,
                (KennelDog.removed_on.is_(None)) | (KennelDog.removed_on > on),
            )
            .order_by(KennelDog.added_on, KennelDog.id)
        )
    )


def counted_dogs(dogs: list[Dog], on: dt.date, months: int) -> list[Dog]:
    return [dog for dog in dogs if counts_in_kennel(dog.birth_date, on, months)]


def inspection_for(
    session: Session, kennel_id: int, year_start: dt.date
) -> KennelInspection | None:
    """The latest inspection for the license year: a passed one after a failed one clears
    the kennel, and a failed one after a passed one does not."""
    return session.scalars(
        select(KennelInspection)
        .where(
            KennelInspection.kennel_id == kennel_id,
            KennelInspection.license_year_start == year_start,
        )
        .order_by(KennelInspection.inspected_on.desc(), KennelInspection.id.desc())
        .limit(1)
    ).first()


def full_names(session: Session) -> dict[str, str]:
    """Each user's sign-in name → the full name they go by, for the users who gave one."""
    return {
        name: " ".join(full.split())
        for name, full in session.execute(select(User.name, User.full_name))
        if full and full.strip()
    }


def inspector_name(inspector: str, names: dict[str, str]) -> str:
    """The inspector as a person reads them: an inspection recorded under a sign-in name
    (``aco``) says the person's full name; anything else as it was written."""
    return names.get(inspector.strip(), inspector)


def inspection_words(
    inspection: KennelInspection | None, year_label: str, names: dict[str, str] | None = None
) -> str:
    """``Passed 05/15/2026 (Dana Reyes)``; ``names`` from ``full_names``."""
    if inspection is None:
        return f"Not inspected for {year_label}"
    result = "Passed" if inspection.result is InspectionResult.PASSED else "Failed"
    who = inspector_name(inspection.inspector, names or {})
    return f"{result} {us_date(inspection.inspected_on)} ({who})"


def license_for(session: Session, kennel_id: int, year_start: dt.date) -> KennelLicense | None:
    """The kennel's license in force for the license year, if it holds one."""
    return session.scalars(
        select(KennelLicense).where(
            KennelLicense.kennel_id == kennel_id,
            KennelLicense.license_year_start == year_start,
            KennelLicense.status == LicenseStatus.ISSUED,
        )
    ).first()


def kennel_fee_lines(session: Session, receipt_id: int) -> list[ReceiptLine]:
    """The receipt's kennel fee lines (its payment fees, if any, are not the license's)."""
    return [
        line
        for line in session.scalars(
            select(ReceiptLine)
            .where(ReceiptLine.receipt_id == receipt_id)
            .order_by(ReceiptLine.position)
        )
        if ".kennel" in line.rule_source
    ]

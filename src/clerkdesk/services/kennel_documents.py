"""The documents a kennel license makes: its certificate (one, a year-end batch's, or a
reprint marked REPRINT), read in one transaction into the plain data ``reports`` draws (the
state kennel report is ``state_kennel_report``'s)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    Dog,
    Kennel,
    KennelInspection,
    KennelLicense,
    KennelTag,
    Receipt,
)
from clerkdesk.reports.documents import (
    FeeView,
    KennelCertificateDocument,
    KennelDogView,
    OwnerView,
)
from clerkdesk.reports.kennel_certificate_pdf import render_kennel_certificates
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.documents import (
    age_on,
    mailing_lines,
    office_heading,
    residence_lines,
    sex_words,
)
from clerkdesk.services.kennel_facts import (
    class_words,
    count_age,
    full_names,
    inspection_words,
    kennel_fee_lines,
    license_label,
    tag_words,
)
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.seal import seal_bytes

KENNEL_STATUTE = "MGL c.140 §137A"


def _category_words(profile: TownProfile, row: KennelLicense) -> str | None:
    if row.category is None:
        return None
    year = profile.license_year_containing(row.license_year_start)
    rules = profile.schedule_for(year).kennel
    named = rules.category(row.category) if rules is not None else None
    return named.description if named is not None else row.category


def kennel_certificate(
    database: Database, kennel_license_id: int, *, zone: dt.tzinfo | None = None
) -> KennelCertificateDocument:
    """The certificate of one kennel license, as it was sold (a void prints as not in
    force)."""
    with database.read() as session:
        return kennel_certificate_in_session(session, kennel_license_id, zone or town_zone())


def kennel_certificates(
    database: Database, kennel_license_ids: Sequence[int], *, zone: dt.tzinfo | None = None
) -> list[KennelCertificateDocument]:
    """The certificates of several kennel licenses (a year-end batch), in the order asked,
    read in one transaction."""
    zone = zone or town_zone()
    with database.read() as session:
        return [kennel_certificate_in_session(session, i, zone) for i in kennel_license_ids]


def kennel_certificate_reprint(
    session: Session, kennel_license_id: int, zone: dt.tzinfo, at: dt.datetime, by: str
) -> tuple[str, str, bytes]:
    """(label, title, PDF) of the certificate marked REPRINT, ``at`` by ``by``; for
    ``services.reprints.reprint``, which records it in the same transaction."""
    doc = kennel_certificate_in_session(session, kennel_license_id, zone)
    pdf = render_kennel_certificates([doc], reprint=True, printed_at=at, printed_by=by)
    return doc.license_label, f"Kennel license {doc.license_label}", pdf


def kennel_certificate_in_session(
    session: Session, kennel_license_id: int, zone: dt.tzinfo
) -> KennelCertificateDocument:
    row = session.get(KennelLicense, kennel_license_id)
    if row is None:
        raise ValidationError(
            f"No kennel license {kennel_license_id} is on file.", field="kennel_license"
        )
    profile = profile_in_force(session)
    kennel = row.kennel
    keeper = kennel.keeper
    receipt = session.get(Receipt, row.receipt_id)
    assert receipt is not None
    issued_at = row.issued_at.astimezone(zone)
    label = license_label(row.license_year_label, row.number)
    dogs = tuple(
        KennelDogView(
            tag=tag_words(label, tag.position),
            name=dog.name,
            breed=dog.breed,
            sex=sex_words(dog.sex, dog.altered),
            age=age_on(dog.birth_date, issued_at.date(), estimated=dog.birth_date_estimated),
        )
        for tag, dog in session.execute(
            select(KennelTag, Dog)
            .join(Dog, Dog.id == KennelTag.dog_id)
            .where(KennelTag.kennel_license_id == row.id)
            .order_by(KennelTag.position)
        )
    )
    inspection = (
        session.get(KennelInspection, row.inspection_id) if row.inspection_id is not None else None
    )
    year = profile.license_year_containing(row.license_year_start)
    bylaw = f" and {profile.bylaw}" if profile.bylaw else ""
    return KennelCertificateDocument(
        heading=office_heading(profile),
        kennel_license_id=row.id,
        license_label=label,
        license_year_label=row.license_year_label,
        license_year_start=row.license_year_start,
        license_year_end=row.license_year_end,
        kennel_name=kennel.name,
        kennel_class_words=class_words(row.kennel_class),
        category=_category_words(profile, row),
        max_dogs=row.max_dogs,
        dogs_counted=row.dogs_counted,
        count_age_months=count_age(profile, year),
        keeper=OwnerView(
            name=keeper.display_name,
            residence=residence_lines(keeper),
            mailing=mailing_lines(keeper),
            phone=keeper.phone,
        ),
        premises=_premises_lines(kennel),
        dogs=dogs,
        fees=tuple(
            FeeView(
                line.description,
                line.amount,
                line.quoted_amount,
                line.waiver_reason,
                line.citation,
            )
            for line in kennel_fee_lines(session, receipt.id)
        ),
        receipt_label=receipt.label,
        issued_at=issued_at,
        issued_by=row.issued_by,
        inspection=(
            inspection_words(inspection, row.license_year_label, full_names(session))
            if inspection is not None
            else None
        ),
        status=row.status.value,
        status_reason=row.status_reason,
        statutory_line=f"Licensed under {KENNEL_STATUTE}{bylaw}.",
        seal=seal_bytes(session),
    )


def _premises_lines(kennel: Kennel) -> tuple[str, ...]:
    street = kennel.premises_street
    if kennel.premises_unit:
        street = f"{street}, {kennel.premises_unit}"
    return (
        street,
        f"{kennel.premises_city}, MA {kennel.premises_postal_code}",
    )

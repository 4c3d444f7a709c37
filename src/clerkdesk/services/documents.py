"""What a receipt and a license certificate say, gathered for printing in one read.

Each function reads everything it needs in one read transaction and returns frozen views
(``reports.documents``); nothing here knows about paper or fonts.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    CertificateKind,
    Dog,
    License,
    Owner,
    RabiesCertificate,
    Receipt,
    ReceiptLine,
    Sex,
)
from clerkdesk.reports.documents import (
    STATUTE,
    CertificateDocument,
    ConditionView,
    DogView,
    FeeView,
    OfficeHeading,
    OwnerView,
    RabiesView,
    ReceiptDocument,
    ReceiptLineView,
    VoidView,
)
from clerkdesk.rules import TownProfile
from clerkdesk.rules.dog_words import ten_words
from clerkdesk.rules.license_conditions import STATUTORY_CONDITIONS, town_conditions
from clerkdesk.rules.tag_text import tag_text
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.document_events import (
    clerk_names,
    license_replacement,
    payment_of,
    receipt_replacements,
    substitute_receipts,
    tender_views,
    transfer_of,
)
from clerkdesk.services.enforcement.in_force import orders_in_force
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.seal import seal_bytes
from clerkdesk.services.tag_prefix import stock_prefix, tag_text_in

EXEMPTION_WORDS = {"senior": "Senior owner", "service_animal": "Service animal (ADA)"}


def office_heading(profile: TownProfile) -> OfficeHeading:
    office = "City Clerk" if profile.name.lower().startswith("city") else "Town Clerk"
    contact = profile.office
    return OfficeHeading(
        profile.name,
        f"Office of the {office}",
        profile.bylaw,
        address=contact.address,
        mail_to=contact.mail_to,
        hours=contact.hours,
        phone=contact.phone,
    )


def statutory_line(profile: TownProfile) -> str:
    if profile.bylaw:
        return f"Licensed under {STATUTE} and {profile.bylaw}."
    return f"Licensed under {STATUTE}."


def residence_lines(owner: Owner) -> tuple[str, ...]:
    street = f"{owner.street}, {owner.unit}" if owner.unit else owner.street
    return (street, f"{owner.city}, {owner.state} {owner.postal_code}".strip())


def mailing_lines(owner: Owner) -> tuple[str, ...] | None:
    if not owner.mailing_street:
        return None
    city = owner.mailing_city or owner.city
    state = owner.mailing_state or owner.state
    postal = owner.mailing_postal_code or owner.postal_code
    return (owner.mailing_street, f"{city}, {state} {postal}".strip())


def age_on(birth: dt.date | None, day: dt.date, *, estimated: bool = False) -> str | None:
    """``7 years``, ``1 year``, ``9 months``; ``about …`` for a birth date worked out from a
    stated age."""
    if birth is None or birth > day:
        return None
    months = (day.year - birth.year) * 12 + day.month - birth.month - (day.day < birth.day)
    if months >= 12:
        years = months // 12
        text = f"{years} year{'s' if years != 1 else ''}"
    else:
        text = f"{months} month{'s' if months != 1 else ''}"
    return f"about {text}" if estimated else text


def sex_words(sex: Sex, altered: bool) -> str:
    if sex is Sex.FEMALE:
        return "Female, spayed" if altered else "Female, not spayed"
    return "Male, neutered" if altered else "Male, not neutered"


def _receipt(session: Session, receipt_id: int) -> Receipt:
    receipt = session.get(Receipt, receipt_id)
    if receipt is None:
        raise ValidationError("That receipt is not on file.", field="receipt")
    return receipt


def receipt_document(
    database: Database, receipt_id: int, *, zone: dt.tzinfo | None = None
) -> ReceiptDocument:
    with database.read() as session:
        return receipt_in_session(session, _receipt(session, receipt_id), zone or town_zone())


def receipt_in_session(session: Session, receipt: Receipt, zone: dt.tzinfo) -> ReceiptDocument:
    """A receipt's document inside the caller's transaction."""
    profile = profile_in_force(session)
    dog_ids = {line.dog_id for line in receipt.lines if line.dog_id is not None}
    license_ids = {line.license_id for line in receipt.lines if line.license_id is not None}
    dogs = {d.id: d for d in session.scalars(select(Dog).where(Dog.id.in_(dog_ids)))}
    licenses: dict[int, tuple[License, str | None]] = {
        row.id: (row, None if row.tag_number is None else tag_text(row.tag_number, prefix))
        for row, prefix in session.execute(
            select(License, stock_prefix(License.license_year_start, License.tag_number)).where(
                License.id.in_(license_ids)
            )
        )
    }
    # The tag this receipt gave out (a substitute, say) rather than the license's tag now.
    given = receipt_replacements(session, receipt.id, zone)
    transfers = {
        row.id: transfer_of(session, row, zone)
        for row, _ in licenses.values()
        if row.receipt_id == receipt.id
    }
    lines = []
    for line in receipt.lines:
        dog = dogs.get(line.dog_id) if line.dog_id is not None else None
        license_row, tag = (
            licenses.get(line.license_id, (None, None)) if line.license_id else (None, None)
        )
        replaced = None
        if license_row is not None and license_row.id in given:
            tag, replaced = given[license_row.id]
        lines.append(
            ReceiptLineView(
                position=line.position,
                code=line.code,
                description=line.description,
                amount=line.amount,
                quoted_amount=line.quoted_amount,
                account=line.account,
                citation=line.citation,
                waiver_reason=line.waiver_reason,
                dog_name=dog.name if dog else None,
                license_number=license_row.number if license_row else None,
                tag=tag,
                replaced_tag=replaced,
                transfer=transfers.get(license_row.id) if license_row else None,
            )
        )
    payer = session.get(Owner, receipt.payer_owner_id) if receipt.payer_owner_id else None
    names = clerk_names(
        session, [receipt.issued_by, receipt.void.voided_by if receipt.void else None]
    )
    void = None
    if receipt.void is not None:
        entry = receipt.void
        by = names.get(entry.voided_by, entry.voided_by) if entry.voided_by else None
        void = VoidView(entry.voided_at.astimezone(zone), by, entry.reason)
    return ReceiptDocument(
        heading=office_heading(profile),
        receipt_id=receipt.id,
        label=receipt.label,
        issued_at=receipt.issued_at.astimezone(zone),
        issued_by=names[receipt.issued_by],
        payer_name=receipt.payer_name,
        payer_address=residence_lines(payer) if payer else (),
        payer_mailing=mailing_lines(payer) if payer else None,
        lines=tuple(lines),
        tenders=tender_views(receipt),
        total=receipt.total,
        void=void,
    )


def _rabies(certificate: RabiesCertificate | None) -> RabiesView | None:
    if certificate is None:
        return None
    return RabiesView(
        exemption=certificate.kind is CertificateKind.EXEMPTION,
        vaccination_date=certificate.vaccination_date,
        issued_on=certificate.issued_on,
        expires_on=certificate.expires_on,
        duration_years=certificate.duration_years,
        vaccine=certificate.vaccine,
        lot_number=certificate.lot_number,
        rabies_tag_number=certificate.rabies_tag_number,
        veterinarian=certificate.veterinarian,
        clinic=certificate.clinic,
        exemption_reason=certificate.exemption_reason,
    )


def _certificate(
    session: Session,
    profile: TownProfile,
    license_row: License,
    zone: dt.tzinfo,
    seal: bytes | None,
) -> CertificateDocument:
    if license_row.receipt_id is None:  # history brought in from the old register
        raise ValidationError(
            f"License No. {license_row.number} ({license_row.license_year_label}) was brought "
            "in from the office's old register: ClerkDesk has no certificate of it to print.",
            field="license",
        )
    dog = session.get(Dog, license_row.dog_id)
    owner = session.get(Owner, license_row.owner_id)
    receipt = session.get(Receipt, license_row.receipt_id)
    assert dog is not None and owner is not None and receipt is not None
    certificate = (
        session.get(RabiesCertificate, license_row.rabies_certificate_id)
        if license_row.rabies_certificate_id is not None
        else None
    )
    # The license's own fees, then each substitute tag's, each paid as its receipt says.
    paid_on = [receipt, *substitute_receipts(session, license_row)]
    fee_rows = [
        row
        for each in paid_on
        for row in session.scalars(
            select(ReceiptLine)
            .where(ReceiptLine.receipt_id == each.id, ReceiptLine.license_id == license_row.id)
            .order_by(ReceiptLine.position)
        )
    ]
    issued_at = license_row.issued_at.astimezone(zone)
    breed = f"{dog.breed} / {dog.breed_secondary}" if dog.breed_secondary else dog.breed
    exemption = license_row.exemption
    return CertificateDocument(
        heading=office_heading(profile),
        license_id=license_row.id,
        license_number=license_row.number,
        license_year_label=license_row.license_year_label,
        license_year_start=license_row.valid_from,
        license_year_end=license_row.valid_until,
        rolling=profile.license_year_rule.rolling,
        tag=tag_text_in(session, license_row.license_year_start, license_row.tag_number),
        status=license_row.status.value,
        status_reason=license_row.status_reason,
        dog=DogView(
            name=dog.name,
            breed=breed,
            color=dog.color,
            sex=sex_words(dog.sex, dog.altered),
            birth_date=dog.birth_date,
            birth_date_estimated=dog.birth_date_estimated,
            age=age_on(dog.birth_date, issued_at.date(), estimated=dog.birth_date_estimated),
            microchip=dog.microchip,
            description=dog.description,
        ),
        owner=OwnerView(
            name=owner.display_name,
            residence=residence_lines(owner),
            mailing=mailing_lines(owner),
            phone=owner.phone,
        ),
        rabies=_rabies(certificate),
        exemption=(
            EXEMPTION_WORDS.get(exemption, exemption.replace("_", " ").capitalize())
            if exemption
            else None
        ),
        exemption_evidence=license_row.exemption_evidence,
        fees=tuple(
            FeeView(row.description, row.amount, row.quoted_amount, row.waiver_reason, row.citation)
            for row in fee_rows
        ),
        receipt_label=receipt.label,
        issued_at=issued_at,
        issued_by=clerk_names(session, [license_row.issued_by])[license_row.issued_by],
        statutory_line=statutory_line(profile),
        described_as=ten_words(
            dog.name,
            dog.breed,
            dog.color,
            dog.sex.value,
            dog.altered,
            dog.description,
            breed_secondary=dog.breed_secondary,
        ),
        conditions=town_conditions(profile.certificate.conditions),
        conditions_citation=profile.certificate.citation,
        statutory_conditions=tuple(ConditionView(*c) for c in STATUTORY_CONDITIONS),
        replaced_tag=license_replacement(session, license_row, zone),
        transfer=transfer_of(session, license_row, zone),
        payments=tuple(payment_of(each, zone) for each in paid_on),
        seal=seal,
        # The orders the dog was licensed under (issue 28): named on its certificate.
        orders=tuple(o.words for o in orders_in_force(session, dog.id, issued_at.date())),
    )


def license_certificates(
    database: Database, receipt_id: int, *, zone: dt.tzinfo | None = None
) -> list[CertificateDocument]:
    """One certificate for each license the receipt issued or charged a fee for, in the
    order of the receipt's lines."""
    zone = zone or town_zone()
    with database.read() as session:
        profile = profile_in_force(session)
        receipt = _receipt(session, receipt_id)
        order: dict[int, int] = {}
        for line in receipt.lines:
            if line.license_id is not None:
                order.setdefault(line.license_id, line.position)
        rows = session.scalars(
            select(License).where(
                or_(License.receipt_id == receipt.id, License.id.in_(list(order)))
            )
        ).all()
        rows = sorted(rows, key=lambda r: (order.get(r.id, len(order) + 1), r.number))
        seal = seal_bytes(session)
        return [_certificate(session, profile, row, zone, seal) for row in rows]


def certificate_for_license(
    database: Database, license_id: int, *, zone: dt.tzinfo | None = None
) -> CertificateDocument:
    """One license's certificate, for a reprint."""
    zone = zone or town_zone()
    with database.read() as session:
        license_row = session.get(License, license_id)
        if license_row is None:
            raise ValidationError("That license is not on file.", field="license")
        return certificate_in_session(session, license_row, zone)


def certificate_in_session(
    session: Session, license_row: License, zone: dt.tzinfo
) -> CertificateDocument:
    """One license's certificate inside the caller's transaction."""
    return _certificate(session, profile_in_force(session), license_row, zone, seal_bytes(session))

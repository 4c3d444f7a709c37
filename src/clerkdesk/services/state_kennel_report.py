"""The state kennel report's data: every kennel license of a license year issued by an
as-of date, as it stood that day (new, renewal, voided, closed), with its keeper's mailing
address, the premises, the inspection that preceded it, its kennel tags and its fee (and
why a fee is $0), read in one transaction."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.db.database import Database
from clerkdesk.models import (
    Kennel,
    KennelInspection,
    KennelLicense,
    KennelStatus,
    LicenseStatus,
    ReceiptLine,
)
from clerkdesk.reports.state_kennels_data import (
    KENNEL_STATUTE,
    STATUS_CLOSED,
    STATUS_NEW,
    STATUS_RENEWAL,
    STATUS_VOIDED,
    StateKennelLine,
    StateKennelReport,
)
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.documents import mailing_lines, office_heading, residence_lines
from clerkdesk.services.kennel_facts import (
    class_words,
    count_age,
    full_names,
    inspector_name,
    kennel_fee_lines,
    license_label,
    license_year_of,
)
from clerkdesk.services.profile_source import profile_in_force

CHARITABLE = "charitable"


def check_report_reader(actor: Actor) -> None:
    """The clerk's office reads reports; the animal control officer reads kennels' too."""
    if actor.may(Permission.READ_REPORTS) or actor.may(Permission.INSPECT):
        return
    raise PermissionDenied(
        f"{actor.described} may not read the kennel report; ask a clerk or the animal "
        "control officer."
    )


def preparer_name(session: Session, actor: Actor) -> str:
    """The person's full name, as a signature reads (their sign-in name if they gave none)."""
    return full_names(session).get(actor.name, actor.name)


def state_kennel_report(
    database: Database, *, year: int, as_of: dt.date, actor: Actor
) -> StateKennelReport:
    """The kennel licenses of the license year starting in ``year`` issued on or before
    ``as_of``, by number, as they stood at the end of that day."""
    check_report_reader(actor)
    with database.read() as session:
        profile = profile_in_force(session)
        license_year = license_year_of(profile, year, dt.date(year, 1, 1))
        zone = town_zone()
        names = full_names(session)
        lines = []
        for row in session.scalars(
            select(KennelLicense)
            .where(KennelLicense.license_year_start == license_year.start)
            .order_by(KennelLicense.number)
        ):
            if row.issued_at.astimezone(zone).date() > as_of:
                continue
            lines.append(_line(session, profile, row, as_of, zone, names))
        return StateKennelReport(
            heading=office_heading(profile),
            year_label=license_year.label,
            year_start=license_year.start,
            year_end=license_year.end,
            as_of=as_of,
            preparer=preparer_name(session, actor),
            count_age_months=count_age(profile, license_year),
            lines=tuple(lines),
        )


def _line(
    session: Session,
    profile: TownProfile,
    row: KennelLicense,
    as_of: dt.date,
    zone: dt.tzinfo,
    names: dict[str, str],
) -> StateKennelLine:
    kennel = row.kennel
    keeper = kennel.keeper
    status, note = _status(session, row, kennel, as_of, zone)
    inspection = _inspection(session, row, as_of)
    fee_lines = kennel_fee_lines(session, row.receipt_id)
    fee = sum((line.amount for line in fee_lines), Decimal("0.00"))
    return StateKennelLine(
        license_number=license_label(row.license_year_label, row.number),
        kennel_name=kennel.name,
        keeper_name=keeper.display_name,
        keeper_address=mailing_lines(keeper) or residence_lines(keeper),
        keeper_phone=keeper.phone or None,
        premises=_premises(kennel),
        kennel_type=_type_words(profile, row),
        max_dogs=row.max_dogs,
        dogs_counted=row.dogs_counted,
        issued_on=row.issued_at.astimezone(zone).date(),
        expires_on=row.license_year_end,
        status=status,
        status_note=note,
        inspected_on=inspection.inspected_on if inspection else None,
        inspection_result=inspection.result.value if inspection else None,
        inspector=inspector_name(inspection.inspector, names) if inspection else None,
        kennel_tags=tuple(tag.position for tag in row.tags),
        fee=fee,
        fee_note=_fee_note(profile, row, fee, fee_lines),
    )


def _status(
    session: Session, row: KennelLicense, kennel: Kennel, as_of: dt.date, zone: dt.tzinfo
) -> tuple[str, str | None]:
    """Voided (by the as-of date) first, then closed, then new or renewal."""
    changed = row.status_changed_at.astimezone(zone).date() if row.status_changed_at else None
    if row.status is LicenseStatus.VOID and changed is not None and changed <= as_of:
        reason = f" ({row.status_reason})" if row.status_reason else ""
        return STATUS_VOIDED, f"{us_date(changed)}{reason}"
    closed_on = kennel.status_changed_on
    if kennel.status is KennelStatus.CLOSED and (closed_on is None or closed_on <= as_of):
        return STATUS_CLOSED, f"kennel closed {us_date(closed_on)}" if closed_on else None
    earlier = session.scalar(
        select(KennelLicense.id)
        .where(
            KennelLicense.kennel_id == kennel.id,
            KennelLicense.license_year_start < row.license_year_start,
            KennelLicense.status != LicenseStatus.VOID,
        )
        .limit(1)
    )
    return (STATUS_NEW, None) if earlier is None else (STATUS_RENEWAL, None)


def _inspection(session: Session, row: KennelLicense, as_of: dt.date) -> KennelInspection | None:
    """The inspection the license was issued on; else the latest for its year by as-of."""
    if row.inspection_id is not None:
        return session.get(KennelInspection, row.inspection_id)
    return session.scalars(
        select(KennelInspection)
        .where(
            KennelInspection.kennel_id == row.kennel_id,
            KennelInspection.license_year_start == row.license_year_start,
            KennelInspection.inspected_on <= as_of,
        )
        .order_by(KennelInspection.inspected_on.desc(), KennelInspection.id.desc())
        .limit(1)
    ).first()


def _premises(kennel: Kennel) -> tuple[str, ...]:
    street = kennel.premises_street
    if kennel.premises_unit:
        street = f"{street}, {kennel.premises_unit}"
    return (street, f"{kennel.premises_city}, MA {kennel.premises_postal_code}")


def _type_words(profile: TownProfile, row: KennelLicense) -> str:
    words = class_words(row.kennel_class)
    if row.category is None:
        return words
    year = profile.license_year_containing(row.license_year_start)
    rules = profile.schedule_for(year).kennel
    named = rules.category(row.category) if rules is not None else None
    return f"{words} ({named.description if named is not None else row.category})"


def _fee_note(
    profile: TownProfile, row: KennelLicense, fee: Decimal, lines: list[ReceiptLine]
) -> str | None:
    """Why a fee is $0, citing what makes it so; what a fee holds besides the license."""
    waived = next((line for line in lines if line.waiver_reason), None)
    if fee == 0:
        if waived is not None:
            cite = f" ({waived.citation})" if waived.citation else ""
            return f"Waived: {waived.waiver_reason}{cite}"
        if row.kennel_class == CHARITABLE:
            # §137A, not §137C (inspection and revocation): the licensing authority issues a
            # domestic charitable corporation's kennel license without charge.
            return f"No charge: domestic charitable corporation kennel ({KENNEL_STATUTE})"
        bylaw = profile.bylaw or next((line.citation for line in lines if line.citation), "")
        return f"No charge for this type under {bylaw}" if bylaw else "No charge for this type"
    if len(lines) > 1:
        return "; ".join(f"{_short(line.description)} {line.amount:.2f}" for line in lines)
    return None


def _short(description: str) -> str:
    """A receipt line's words before its amount: ``Kennel application fee (first license
    only)``."""
    return description.split(":", 1)[0].split(" — ", 1)[0]

"""Licensing at the counter: several dogs on one receipt, paid in one or more tenders.

``checkout`` is one transaction. It reads the town's rules itself, quotes every dog again
(never trusting the totals a screen shows), applies waivers only with a reason, takes the
tags, numbers the receipt and the licenses without gaps, and writes it all — or nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import License, LicenseStatus, Owner, TagIssue, TagStatus
from clerkdesk.rules import QuoteLine
from clerkdesk.services.numbers import LICENSE, next_number
from clerkdesk.services.payments import TenderInput, plan_tenders
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.receipts import ChargedLine, write_receipt
from clerkdesk.services.standing import DogStanding, dog_standing, exemption_of, senior_exempt
from clerkdesk.services.tags import check_tag, next_tag


@dataclass(frozen=True)
class LicenseItem:
    """One dog to license. ``waivers`` maps a late-fee or arrears code to the reason."""

    dog_id: int
    license_year: int | None = None
    tag_number: int | None = None
    waivers: Mapping[str, str] = field(default_factory=dict)
    exemption_evidence: str | None = None


@dataclass(frozen=True)
class CheckoutRequest:
    payer_owner_id: int
    items: tuple[LicenseItem, ...]
    tenders: tuple[TenderInput, ...]


@dataclass(frozen=True)
class IssuedLicense:
    license_id: int
    dog_id: int
    dog_name: str
    number: int
    tag_number: int
    license_year_label: str


@dataclass(frozen=True)
class CheckoutResult:
    receipt_id: int
    receipt_label: str
    total: Decimal
    change_due: Decimal
    licenses: tuple[IssuedLicense, ...]


def waivable(line: QuoteLine) -> bool:
    return ".late_fees" in line.source or ".arrears" in line.source


def charged_lines(standing: DogStanding, waivers: Mapping[str, str]) -> list[ChargedLine]:
    """The quote's lines as they will be charged, with waivers applied; checks each waiver."""
    assert standing.quote is not None
    codes = {line.code for line in standing.quote.lines}
    for code, reason in waivers.items():
        if code not in codes:
            raise ValidationError(
                f"{standing.dog_name} owes no {code!r} to waive.", field=f"waiver:{standing.dog_id}"
            )
        if not (reason or "").strip():
            raise ValidationError(
                f"Say why the {code.replace('_', ' ')} for {standing.dog_name} is waived.",
                field=f"waiver:{standing.dog_id}",
            )
    out = []
    for line in standing.quote.lines:
        why = waivers.get(line.code)
        if why is not None and not waivable(line):
            raise ValidationError(
                f"Only late fees and arrears can be waived, not {line.description!r}.",
                field=f"waiver:{standing.dog_id}",
            )
        amount = Decimal("0.00") if why is not None else line.amount
        out.append(
            ChargedLine(line, amount, standing.dog_id, why.strip() if why is not None else None)
        )
    return out


def checkout(
    database: Database, request: CheckoutRequest, *, actor: str, clock: Clock
) -> CheckoutResult:
    with database.write() as session:
        return checkout_in(session, request, actor=actor, today=clock.today(), now=clock.now())


def checkout_in(
    session: Session,
    request: CheckoutRequest,
    *,
    actor: str,
    today: dt.date,
    now: dt.datetime,
) -> CheckoutResult:
    """The checkout inside the caller's transaction (the demo town writes years of them)."""
    if not request.items:
        raise ValidationError("The cart is empty.", field="cart")
    dog_ids = [item.dog_id for item in request.items]
    if len(set(dog_ids)) != len(dog_ids):
        raise ValidationError("A dog is in the cart twice.", field="cart")
    profile = profile_in_force(session)
    payer = session.get(Owner, request.payer_owner_id)
    if payer is None:
        raise ValidationError("That owner is not on file.", field="owner")
    standings: list[tuple[LicenseItem, DogStanding]] = []
    lines: list[ChargedLine] = []
    seniors = 0
    for item in request.items:
        standing = dog_standing(
            session,
            profile,
            item.dog_id,
            today,
            license_year=item.license_year,
            extra_senior=seniors,
        )
        if not standing.can_license:
            raise ValidationError(" ".join(standing.blockers), field=f"dog:{item.dog_id}")
        assert standing.quote is not None
        if senior_exempt(standing.quote):
            seniors += 1
        standings.append((item, standing))
        lines.extend(charged_lines(standing, item.waivers))
    total = sum((c.amount for c in lines), Decimal("0.00"))
    plan = plan_tenders(total, list(request.tenders))
    receipt, rows = write_receipt(
        session,
        payer_owner_id=payer.id,
        payer_name=payer.display_name,
        lines=lines,
        plan=plan,
        actor=actor,
        now=now,
        year=today.year,
    )
    taken: set[int] = {i.tag_number for i, _ in standings if i.tag_number is not None}
    issued: list[IssuedLicense] = []
    for item, standing in standings:
        year = standing.license_year
        assert year is not None and standing.quote is not None
        assert standing.request is not None
        tag = item.tag_number
        if tag is None:
            tag = next_tag(session, year.start, taken)
            if tag is None:
                raise ValidationError(
                    f"No tags left in stock for license year {year.label}: receive tags "
                    "under Tags first.",
                    field=f"tag:{item.dog_id}",
                )
            taken.add(tag)
        else:
            check_tag(session, year.start, tag, year.label)
        dog = standing.dog_name
        license_row = License(
            number=next_number(session, LICENSE, year.start.isoformat()),
            license_year_start=year.start,
            license_year_end=year.end,
            license_year_label=year.label,
            dog_id=item.dog_id,
            owner_id=standing.owner_id,
            receipt_id=receipt.id,
            rabies_certificate_id=standing.certificate_id,
            tag_number=tag,
            status=LicenseStatus.ISSUED,
            exemption=exemption_of(standing.quote, standing.request),
            exemption_evidence=item.exemption_evidence,
            issued_at=now,
            issued_by=actor,
        )
        session.add(license_row)
        session.flush()
        session.add(
            TagIssue(
                license_year_start=year.start,
                tag_number=tag,
                license_id=license_row.id,
                status=TagStatus.ISSUED,
                issued_at=now,
                issued_by=actor,
                receipt_id=receipt.id,
            )
        )
        for row in rows:
            if row.dog_id == item.dog_id:
                row.license_id = license_row.id
        issued.append(
            IssuedLicense(license_row.id, item.dog_id, dog, license_row.number, tag, year.label)
        )
    session.flush()
    return CheckoutResult(receipt.id, receipt.label, total, plan.change_due, tuple(issued))


def quote_dogs(
    database: Database, dog_ids: list[int], on: dt.date, *, license_year: int | None = None
) -> list[DogStanding]:
    """What each dog owes today, as the counter shows it (senior limits counted in order)."""
    with database.read() as session:
        profile = profile_in_force(session)
        out = []
        seniors = 0
        for dog_id in dog_ids:
            standing = dog_standing(
                session, profile, dog_id, on, license_year=license_year, extra_senior=seniors
            )
            if standing.quote is not None and senior_exempt(standing.quote):
                seniors += 1
            out.append(standing)
        return out

"""Licensing at the counter: several dogs on one receipt, paid in one or more tenders.

``checkout`` is one transaction. It reads the town's rules itself, quotes every dog again
(never trusting the totals a screen shows), applies waivers only with a reason, takes the
tags, numbers the receipt and the licenses without gaps, and writes it all — or nothing.

Two workstations may sell at the same moment. The checkout first holds the dogs and their
owners (``locks``), so everything the rules count per owner or per dog — a senior's free
dog, a license already held this year — is read after the other workstation's sale is
committed, and the second clerk is refused or quoted exactly as at a single workstation.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import DatabaseBusy, ValidationError
from clerkdesk.models import Dog, License, LicenseStatus, Owner, TagIssue, TagStatus
from clerkdesk.rules import QuoteLine, TownProfile
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.tag_text import tag_text
from clerkdesk.rules.transaction_fees import sale_fees_on
from clerkdesk.services.acting import acting
from clerkdesk.services.enforcement.charges import (
    EnforcementCharges,
    fine_charges,
    impound_dogs,
    record_payments,
    release_charges_of,
    unlicensed_refusal,
)
from clerkdesk.services.license_terms import held_license
from clerkdesk.services.locks import lock_dogs_and_owners, lock_enforcement, lock_tag_stock
from clerkdesk.services.money_clock import money_now
from clerkdesk.services.numbers import LICENSE, next_number
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.receipts import ChargedLine
from clerkdesk.services.standing import DogStanding, dog_standing, exemption_of, senior_exempt
from clerkdesk.services.tag_prefix import prefix_of, stock_prefix
from clerkdesk.services.tags import check_tag, next_tag
from clerkdesk.services.taking_money import Payer, begin_sale

log = logging.getLogger(__name__)


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
    """``items`` may be empty where the receipt pays ``fines`` (violation ids) or
    ``releases`` (impound ids) alone; an empty cart is refused."""

    payer_owner_id: int
    items: tuple[LicenseItem, ...]
    tenders: tuple[TenderInput, ...]
    expected_total: Decimal | None = None
    """The cart's total the clerk was shown (licenses, fines and releases, before any
    payment fee): when given, a checkout that quotes another total (another workstation
    just sold for the same owner, or a release's next day began) charges nothing and says
    so. A payment fee is not part of it: it follows from the tenders, which the checkout
    computes again from the same rules the payment screen quoted."""
    fines: tuple[int, ...] = ()
    releases: tuple[int, ...] = ()


@dataclass(frozen=True)
class IssuedLicense:
    license_id: int
    dog_id: int
    dog_name: str
    number: int
    tag_number: int
    license_year_label: str
    tag: str
    """The tag as it reads on the collar (``W-1001``)."""


@dataclass(frozen=True)
class CheckoutResult:
    """``total`` is the receipt's, payment fees included; ``fees`` is their part of it."""

    receipt_id: int
    receipt_label: str
    total: Decimal
    change_due: Decimal
    licenses: tuple[IssuedLicense, ...]
    fees: Decimal = Decimal("0.00")
    fines_paid: tuple[int, ...] = ()
    """The violations whose fines the receipt paid."""
    released: tuple[int, ...] = ()
    """The impounds whose dogs the receipt released (or whose charges it paid again)."""


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
    database: Database, request: CheckoutRequest, *, actor: Actor, clock: Clock
) -> CheckoutResult:
    try:
        with acting(database, actor, Permission.SELL, clock=clock) as session:
            # The town's day and the database's clock, never this PC's (money_clock).
            when = money_now(session, clock, "take money")
            return checkout_in(session, request, actor=actor, today=when.day, now=when.moment)
    except IntegrityError as exc:
        # Only a writer that took no locks (an older ClerkDesk at another workstation) can
        # get here; the transaction is rolled back whole, and the clerk is told why.
        log.warning("checkout refused by the database: %s", exc.orig)
        raise lost_race(database, request, clock.today()) from exc


NOTHING_CHARGED = "Nothing was charged."


def _worn(number: int | None, prefix: str | None) -> str:
    return "none" if number is None else tag_text(number, prefix)


def lost_race(database: Database, request: CheckoutRequest, today: dt.date) -> Exception:
    """What to tell the clerk when another workstation wrote the same license or tag at the
    same moment, found by reading again what that workstation committed."""
    with database.read() as session:
        profile = profile_in_force(session)
        for item in request.items:
            try:
                standing = dog_standing(
                    session, profile, item.dog_id, today, license_year=item.license_year
                )
            except ValidationError as exc:
                return exc
            year = standing.license_year
            if year is None:
                continue
            held = session.execute(
                select(
                    License.number,
                    License.tag_number,
                    stock_prefix(License.license_year_start, License.tag_number).label("prefix"),
                ).where(
                    License.dog_id == item.dog_id,
                    License.license_year_start == year.start,
                    License.status == LicenseStatus.ISSUED,
                )
            ).first()
            if held is not None:
                return ValidationError(
                    f"{standing.dog_name} already holds a {year.label} license (No. "
                    f"{held.number}, tag {_worn(held.tag_number, held.prefix)}) — sold at the "
                    f"same moment at another workstation. {NOTHING_CHARGED}",
                    field=f"dog:{item.dog_id}",
                )
            if item.tag_number is not None:
                try:
                    check_tag(session, year.start, item.tag_number, year.label)
                except ValidationError as exc:
                    sold = " at another workstation, at the same moment" * (
                        "already given out" in exc.message
                    )
                    return ValidationError(
                        f"{exc.message.rstrip('.')}{sold}. {NOTHING_CHARGED}",
                        field=f"tag:{item.dog_id}",
                    )
    return DatabaseBusy(
        f"Another workstation saved a sale at the same moment. {NOTHING_CHARGED} Try again."
    )


def checkout_in(
    session: Session,
    request: CheckoutRequest,
    *,
    actor: Actor,
    today: dt.date,
    now: dt.datetime,
) -> CheckoutResult:
    """The checkout inside the caller's transaction (the demo town writes years of them)."""
    if not (request.items or request.fines or request.releases):
        raise ValidationError("The cart is empty.", field="cart")
    dog_ids = [item.dog_id for item in request.items]
    if len(set(dog_ids)) != len(dog_ids):
        raise ValidationError("A dog is in the cart twice.", field="cart")
    # Before anything the rules count is read: see ``locks``. A fine or a release is held
    # too, so two workstations never both take it (``enforcement.charges``).
    released_dogs = impound_dogs(session, request.releases)
    lock_dogs_and_owners(session, [*dog_ids, *released_dogs], [request.payer_owner_id])
    lock_enforcement(session, request.fines, request.releases)
    profile = profile_in_force(session)
    payer = session.get(Owner, request.payer_owner_id)
    if payer is None:
        raise ValidationError("That owner is not on file.", field="owner")
    standings: list[tuple[LicenseItem, DogStanding]] = []
    lines: list[ChargedLine] = []
    # A senior's limit is per owner: a receipt may carry another owner's dogs.
    seniors: dict[int | None, int] = {}
    for item in request.items:
        owner_id = _owner_of(session, item.dog_id)
        standing = dog_standing(
            session,
            profile,
            item.dog_id,
            today,
            license_year=item.license_year,
            extra_senior=seniors.get(owner_id, 0),
        )
        if not standing.can_license:
            raise ValidationError(
                f"{' '.join(standing.blockers)} {NOTHING_CHARGED}", field=f"dog:{item.dog_id}"
            )
        assert standing.quote is not None
        if senior_exempt(standing.quote):
            seniors[owner_id] = seniors.get(owner_id, 0) + 1
        standings.append((item, standing))
        lines.extend(charged_lines(standing, item.waivers))
    # Fees once per sale of licenses, not per dog: after the dogs' lines, in the cart's
    # total too (a receipt for a fine alone sells no license).
    if request.items:
        lines.extend(ChargedLine(fee, fee.amount) for fee in sale_fees_on(profile, today))
    enforcement = _enforcement_charges(session, profile, request, standings, today, now)
    # Each fine's and release's line is known by its place on the receipt, to name it paid.
    positions = {id(c): len(lines) + n for n, c in enumerate(enforcement.lines, start=1)}
    lines.extend(enforcement.lines)
    total = sum((c.amount for c in lines), Decimal("0.00"))
    if request.expected_total is not None and total != request.expected_total:
        owed = {s.dog_id: Decimal("0.00") for _i, s in standings}
        for charged in lines:
            if charged.dog_id is not None:
                owed[charged.dog_id] += charged.amount
        now_owed = ", ".join(
            [f"{s.dog_name} {owed[s.dog_id]:.2f}" for _i, s in standings] + enforcement.amounts()
        )
        raise ValidationError(
            f"The total is now {total:.2f}, not the {request.expected_total:.2f} quoted "
            f"({now_owed}): another workstation may have licensed for this owner at the same "
            f"moment. {NOTHING_CHARGED} Look at the cart again and take payment.",
            field="cart",
        )
    # The next tags are read after this, so two workstations never pick the same number.
    lock_tag_stock(
        session, [s.license_year.start for _i, s in standings if s.license_year is not None]
    )
    # The payment fees are charged here, each its own line after the dogs' (no dog, no
    # license), from the same rules the payment screen quoted them by.
    sale = begin_sale(
        session,
        profile,
        payer=Payer.of(payer),
        lines=lines,
        tenders=request.tenders,
        actor=actor,
        now=now,
        today=today,
    )
    receipt = sale.receipt
    taken: set[int] = {i.tag_number for i, _ in standings if i.tag_number is not None}
    issued: list[IssuedLicense] = []
    licensed: dict[int, int] = {}
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
            # The license's own term: its year's dates, or a year from its own day where
            # the town's terms roll (the quote's, as the certificate prints it).
            valid_from=standing.quote.license_year.start,
            valid_until=standing.quote.license_year.end,
            dog_id=item.dog_id,
            owner_id=standing.owner_id,
            receipt_id=receipt.id,
            rabies_certificate_id=standing.certificate_id,
            tag_number=tag,
            status=LicenseStatus.ISSUED,
            exemption=exemption_of(standing.quote, standing.request),
            exemption_evidence=item.exemption_evidence,
            issued_at=now,
            issued_by=actor.name,
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
                issued_by=actor.name,
                receipt_id=receipt.id,
            )
        )
        licensed[item.dog_id] = license_row.id
        issued.append(
            IssuedLicense(
                license_row.id,
                item.dog_id,
                dog,
                license_row.number,
                tag,
                year.label,
                tag_text(tag, prefix_of(session, year.start, tag)),
            )
        )
    sale.post(licensed)
    record_payments(session, receipt, enforcement, positions, released_by=actor.name, now=now)
    return CheckoutResult(
        receipt.id,
        receipt.label,
        sale.total_paid,
        sale.change_due,
        tuple(issued),
        sale.fee_total,
        fines_paid=tuple(v.id for v, _c in enforcement.fines),
        released=tuple(i.id for i, _c in enforcement.releases),
    )


def _enforcement_charges(
    session: Session,
    profile: TownProfile,
    request: CheckoutRequest,
    standings: list[tuple[LicenseItem, DogStanding]],
    today: dt.date,
    now: dt.datetime,
) -> EnforcementCharges:
    """The fines' and releases' lines; a held dog goes home licensed for the license year
    in force today, or licensed by this very receipt (MGL c.140 §151A)."""
    charges = EnforcementCharges(
        fine_charges(session, request.fines, request.tenders),
        release_charges_of(session, profile, request.releases, now),
    )
    licensed_here = {
        s.dog_id
        for _i, s in standings
        if s.quote is not None and s.quote.license_year.start <= today <= s.quote.license_year.end
    }
    for impound, _lines in charges.releases:
        if impound.disposition is not None or impound.dog_id is None:
            continue  # charges owed again after a void: the dog is home already
        if impound.dog_id in licensed_here or _licensed_today(
            session, profile, impound.dog_id, today
        ):
            continue
        dog = session.get(Dog, impound.dog_id)
        name = dog.name if dog is not None else "The dog"
        raise ValidationError(
            f"{unlicensed_refusal(name, impound.label)} {NOTHING_CHARGED}", field="releases"
        )
    return charges


def _licensed_today(session: Session, profile: TownProfile, dog_id: int, today: dt.date) -> bool:
    try:
        year = profile.license_year_containing(today)
    except ValidationError:
        return False
    return held_license(session, profile, dog_id, year, today) is not None


def quote_dogs(
    database: Database, dog_ids: list[int], on: dt.date, *, license_year: int | None = None
) -> list[DogStanding]:
    """What each dog owes today, as the counter shows it (senior limits counted in order)."""
    with database.read() as session:
        profile = profile_in_force(session)
        out = []
        seniors: dict[int | None, int] = {}
        for dog_id in dog_ids:
            owner_id = _owner_of(session, dog_id)
            standing = dog_standing(
                session,
                profile,
                dog_id,
                on,
                license_year=license_year,
                extra_senior=seniors.get(owner_id, 0),
            )
            if standing.quote is not None and senior_exempt(standing.quote):
                seniors[owner_id] = seniors.get(owner_id, 0) + 1
            out.append(standing)
        return out


def _owner_of(session: Session, dog_id: int) -> int | None:
    dog = session.get(Dog, dog_id)
    return None if dog is None else dog.owner_id

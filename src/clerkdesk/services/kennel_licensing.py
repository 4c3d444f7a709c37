"""Selling kennel licenses: where a kennel stands for a license year, the sale on its own
receipt through the same ledger as the dogs', and the year-end batch of renewals.

A kennel license is quoted for the kennel's maximum number of dogs (the fee's tier, printed
on the license under Ollie's Law), and refused while the roster counts more dogs than that
maximum, while the inspection the profile requires for that license year is missing or
failed, for a closed kennel, and for one already licensed for the year. The sale holds the
kennel row first (``locks``), so two workstations cannot license one kennel twice.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ClerkDeskError, ValidationError
from clerkdesk.models import (
    Dog,
    Kennel,
    KennelLicense,
    KennelStatus,
    KennelTag,
    LicenseStatus,
    OwnerStatus,
)
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.errors import KennelOverMaximum
from clerkdesk.rules.kinds import InspectionResult
from clerkdesk.rules.license_year import LicenseYear
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.quote import Quote
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting, require
from clerkdesk.services.kennel_facts import (
    KENNEL_LICENSE,
    count_age,
    counted_dogs,
    full_names,
    inspection_for,
    inspector_name,
    kennel_rules,
    license_for,
    license_label,
    roster_on,
    tag_words,
    the_kennel,
)
from clerkdesk.services.kennel_pricing import KennelTerms, kennel_price, licensed_before
from clerkdesk.services.licensing import NOTHING_CHARGED
from clerkdesk.services.locks import lock_kennel
from clerkdesk.services.money_clock import money_now
from clerkdesk.services.numbers import next_number
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.progress import Cancelled, Step, no_progress
from clerkdesk.services.receipts import ChargedLine
from clerkdesk.services.taking_money import Payer, begin_sale

# Ollie's Law: a kennel license is denied, first and at renewal, until the kennel has
# passed an animal control officer's inspection.
INSPECTION_CITATION = "MGL c.140 §137A(a)"


class KennelRefused(ValidationError):
    """The kennel cannot be licensed now; the message gives every reason."""


@dataclass(frozen=True)
class KennelStanding:
    kennel_id: int
    name: str
    year_label: str | None
    quote: Quote | None
    dogs_counted: int
    max_dogs: int
    refusals: tuple[str, ...]
    license_year_start: dt.date | None = None
    inspection_required: bool = False

    @property
    def can_license(self) -> bool:
        return not self.refusals and self.quote is not None


@dataclass(frozen=True)
class KennelSaleRequest:
    kennel_id: int
    tenders: tuple[TenderInput, ...]
    license_year: int | None = None
    expected_total: Decimal | None = None
    """The total the clerk was shown: a sale that now quotes another charges nothing."""


@dataclass(frozen=True)
class KennelSaleResult:
    receipt_id: int
    receipt_label: str
    total: Decimal
    change_due: Decimal
    kennel_license_id: int
    license_label: str
    tags: tuple[str, ...]
    fees: Decimal = Decimal("0.00")


@dataclass(frozen=True)
class KennelDue:
    kennel_id: int
    name: str
    keeper_name: str
    amount: Decimal | None
    ready: bool
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class KennelRenewal:
    kennel_id: int
    tender: TenderInput


@dataclass(frozen=True)
class KennelBatchResult:
    renewed: tuple[KennelSaleResult, ...]
    refused: tuple[tuple[int, str, str], ...]
    """(kennel id, kennel name, the reason)."""
    cancelled: bool = False
    """Stopped between kennels by the person who asked; those renewed stay renewed."""


@dataclass(frozen=True)
class _Found:
    standing: KennelStanding
    year: LicenseYear | None
    dogs: tuple[Dog, ...]
    inspection_id: int | None


def _inspection_refusal(
    session: Session, kennel: Kennel, year: LicenseYear
) -> tuple[str | None, int | None]:
    inspection = inspection_for(session, kennel.id, year.start)
    if inspection is None:
        return (
            f"{kennel.name} has no inspection for license year {year.label} on file: the "
            f"animal control officer must pass it before it is licensed ({INSPECTION_CITATION}).",
            None,
        )
    if inspection.result is not InspectionResult.PASSED:
        notes = f": {inspection.notes}" if inspection.notes else ""
        who = inspector_name(inspection.inspector, full_names(session))
        return (
            f"{kennel.name} failed its inspection for license year {year.label} on "
            f"{us_date(inspection.inspected_on)} ({who}{notes}); it is "
            f"licensed only after passing one ({INSPECTION_CITATION}).",
            inspection.id,
        )
    return None, inspection.id


def _find(
    session: Session,
    profile: TownProfile,
    kennel: Kennel,
    on: dt.date,
    license_year: int | None,
) -> _Found:
    refusals: list[str] = []
    if kennel.status is KennelStatus.CLOSED:
        closed = us_date(kennel.status_changed_on) if kennel.status_changed_on else "before"
        refusals.append(f"{kennel.name} was closed on {closed} and is not licensed again.")
    keeper = kennel.keeper
    if keeper.status is not OwnerStatus.ACTIVE:
        refusals.append(
            f"{kennel.name}'s keeper, {keeper.display_name}, is marked {keeper.status.value}."
        )
    terms = KennelTerms(
        kennel_class=kennel.kennel_class,  # type: ignore[arg-type]
        category=kennel.category,
        max_dogs=kennel.max_dogs,
        first_license=kennel.id not in licensed_before(session, (kennel.id,)),
    )
    quote: Quote | None = None
    year: LicenseYear | None = None
    try:
        # The same path the kennel's renewal notice is priced by (services.kennel_pricing).
        quote = kennel_price(profile, terms, on, license_year)
        year = quote.license_year
    except KennelOverMaximum as exc:
        # The fee is the maximum's tier: a maximum above what the town allows (or its fees
        # reach) is said as the kennel's, not as dogs counted.
        refusals.append(
            f"{kennel.name}'s maximum of {kennel.max_dogs} dogs is more than the town allows "
            f"({exc.message.rstrip('.')}): lower its maximum."
        )
    except ValidationError as exc:
        refusals.append(f"{kennel.name}: {exc.message.rstrip('.')}.")
    if year is None:
        try:
            year = (
                profile.license_year_containing(on)
                if license_year is None
                else profile.license_year_starting_in(license_year)
            )
        except ValidationError:
            year = None
    dogs: list[Dog] = []
    months = 0
    inspection_id = None
    rules = kennel_rules(profile, year) if year is not None else None
    if year is not None:
        months = count_age(profile, year)
        dogs = counted_dogs(roster_on(session, kennel.id, on), on, months)
        held = license_for(session, kennel.id, year.start)
        if held is not None:
            refusals.append(
                f"{kennel.name} is already licensed for {year.label} "
                f"(license {license_label(held.license_year_label, held.number)})."
            )
        if rules is not None and rules.inspection_required:
            why, inspection_id = _inspection_refusal(session, kennel, year)
            if why is not None:
                refusals.append(why)
        else:
            inspection = inspection_for(session, kennel.id, year.start)
            inspection_id = inspection.id if inspection else None
    if len(dogs) > kennel.max_dogs:
        refusals.append(
            f"{kennel.name}'s roster counts {counted(len(dogs), 'dog')} {months} months or "
            f"older, more than its maximum of {kennel.max_dogs}: raise the maximum or take "
            "dogs off the roster."
        )
    standing = KennelStanding(
        kennel_id=kennel.id,
        name=kennel.name,
        year_label=year.label if year is not None else None,
        quote=quote,
        dogs_counted=len(dogs),
        max_dogs=kennel.max_dogs,
        refusals=tuple(refusals),
        license_year_start=year.start if year is not None else None,
        inspection_required=bool(rules is not None and rules.inspection_required),
    )
    return _Found(standing, year, tuple(dogs), inspection_id)


def kennel_standing(
    database: Database, kennel_id: int, *, on: dt.date, license_year: int | None = None
) -> KennelStanding:
    """What licensing the kennel on ``on`` would charge, or every reason it cannot be."""
    with database.read() as session:
        kennel = the_kennel(session, kennel_id)
        return _find(session, profile_in_force(session), kennel, on, license_year).standing


def sell_kennel_license(
    database: Database, request: KennelSaleRequest, *, actor: Actor, clock: Clock
) -> KennelSaleResult:
    """One receipt for one kennel license and the tags of its counted dogs, or nothing."""
    with acting(database, actor, Permission.SELL, clock=clock) as session:
        when = money_now(session, clock, "take money")  # the town's day, the server's clock
        today, now = when.day, when.moment
        lock_kennel(session, request.kennel_id)
        kennel = the_kennel(session, request.kennel_id)
        profile = profile_in_force(session)
        found = _find(session, profile, kennel, today, request.license_year)
        standing = found.standing
        if standing.refusals or standing.quote is None or found.year is None:
            raise KennelRefused(
                f"{' '.join(standing.refusals)} {NOTHING_CHARGED}".strip(), field="kennel"
            )
        quote, year = standing.quote, found.year
        if request.expected_total is not None and quote.total != request.expected_total:
            raise KennelRefused(
                f"{kennel.name}'s license is now {quote.total:.2f}, not the "
                f"{request.expected_total:.2f} quoted. {NOTHING_CHARGED} Quote it again.",
                field="kennel",
            )
        sale = begin_sale(
            session,
            profile,
            payer=Payer.of(kennel.keeper),
            lines=[ChargedLine(line, line.amount) for line in quote.lines],
            tenders=request.tenders,
            actor=actor,
            now=now,
            today=today,
        )
        row = KennelLicense(
            kennel_id=kennel.id,
            number=next_number(session, KENNEL_LICENSE, year.start.isoformat()),
            license_year_start=year.start,
            license_year_end=year.end,
            license_year_label=year.label,
            kennel_class=kennel.kennel_class,
            category=kennel.category,
            max_dogs=kennel.max_dogs,
            dogs_counted=len(found.dogs),
            inspection_id=found.inspection_id,
            receipt_id=sale.receipt.id,
            status=LicenseStatus.ISSUED,
            issued_at=now,
            issued_by=actor.name,
        )
        session.add(row)
        session.flush()
        label = license_label(year.label, row.number)
        tags = []
        for position, dog in enumerate(found.dogs, start=1):
            session.add(
                KennelTag(
                    kennel_license_id=row.id,
                    dog_id=dog.id,
                    position=position,
                    issued_at=now,
                    issued_by=actor.name,
                )
            )
            tags.append(tag_words(label, position))
        # The receipt's lines name no dog license: the kennel license names the receipt.
        sale.post()
        return KennelSaleResult(
            receipt_id=sale.receipt.id,
            receipt_label=sale.receipt.label,
            total=sale.total_paid,
            change_due=sale.change_due,
            kennel_license_id=row.id,
            license_label=label,
            tags=tuple(tags),
            fees=sale.fee_total,
        )


def kennels_due(database: Database, *, license_year: int, on: dt.date) -> list[KennelDue]:
    """Active kennels licensed for the license year before ``license_year`` and not yet for
    it, by name, each ready to renew on ``on`` or with its reasons."""
    with database.read() as session:
        profile = profile_in_force(session)
        year = profile.license_year_starting_in(license_year)
        before = profile.license_year_starting_in(license_year - 1)
        licensed_before = select(KennelLicense.kennel_id).where(
            KennelLicense.license_year_start == before.start,
            KennelLicense.status == LicenseStatus.ISSUED,
        )
        licensed_now = select(KennelLicense.kennel_id).where(
            KennelLicense.license_year_start == year.start,
            KennelLicense.status == LicenseStatus.ISSUED,
        )
        kennels = session.scalars(
            select(Kennel)
            .where(
                Kennel.status == KennelStatus.ACTIVE,
                Kennel.id.in_(licensed_before),
                Kennel.id.not_in(licensed_now),
            )
            .order_by(Kennel.name, Kennel.id)
        ).all()
        due = []
        for kennel in kennels:
            standing = _find(session, profile, kennel, on, license_year).standing
            due.append(
                KennelDue(
                    kennel_id=kennel.id,
                    name=kennel.name,
                    keeper_name=kennel.keeper.display_name,
                    amount=standing.quote.total if standing.quote is not None else None,
                    ready=standing.can_license,
                    reasons=standing.refusals,
                )
            )
        return due


def renew_kennels(
    database: Database,
    renewals: list[KennelRenewal] | tuple[KennelRenewal, ...],
    *,
    license_year: int,
    actor: Actor,
    clock: Clock,
    step: Step = no_progress,
) -> KennelBatchResult:
    """Renew each kennel in its own transaction, on its own receipt; a kennel refused (with
    its reason) never stops the others. ``step`` may raise ``Cancelled`` between kennels."""
    require(actor, Permission.SELL)
    renewed: list[KennelSaleResult] = []
    refused: list[tuple[int, str, str]] = []
    total = len(renewals)
    for done, renewal in enumerate(renewals):
        name = _kennel_name(database, renewal.kennel_id)
        try:
            step(done, total, f"Renewing {name}")
        except Cancelled:
            # The kennels renewed so far are on their receipts already; the rest wait.
            return KennelBatchResult(tuple(renewed), tuple(refused), cancelled=True)
        try:
            renewed.append(
                sell_kennel_license(
                    database,
                    KennelSaleRequest(renewal.kennel_id, (renewal.tender,), license_year),
                    actor=actor,
                    clock=clock,
                )
            )
        except ClerkDeskError as exc:
            refused.append((renewal.kennel_id, name, str(exc)))
    step(total, total, "Done")
    return KennelBatchResult(tuple(renewed), tuple(refused))


def _kennel_name(database: Database, kennel_id: int) -> str:
    with database.read() as session:
        name = session.scalar(select(Kennel.name).where(Kennel.id == kennel_id))
    return name or f"Kennel {kennel_id}"

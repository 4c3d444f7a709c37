"""Changes that cost a fee: a license transferred with its dog to a new owner, a lost tag
replaced. Each is one receipt, with the fee line from the town's rules, taken like every
sale (``taking_money``): paid by card, it carries the town's card fee as its own line."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    Dog,
    DogStatus,
    License,
    LicenseStatus,
    Owner,
    OwnerStatus,
    TagIssue,
    TagStatus,
)
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting
from clerkdesk.services.license_terms import held_license
from clerkdesk.services.locks import lock_dogs_and_owners, lock_for_license
from clerkdesk.services.money_clock import money_now
from clerkdesk.services.numbers import LICENSE, next_number
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.receipts import ChargedLine
from clerkdesk.services.search_words import reindex_dog
from clerkdesk.services.tag_prefix import tag_text_in
from clerkdesk.services.tags import check_tag, next_tag
from clerkdesk.services.taking_money import Payer, Sale, begin_sale, refuse_payment

TRANSFER_FEE = "transfer"
DUPLICATE_TAG_FEE = "duplicate_tag"


@dataclass(frozen=True)
class FeeResult:
    """``total`` is the receipt's, payment fees included; ``fees`` is their part of it."""

    receipt_id: int | None
    receipt_label: str | None
    total: Decimal
    change_due: Decimal
    license_id: int | None
    tag_number: int | None
    fees: Decimal = Decimal("0.00")
    tag: str | None = None
    """The tag as it reads on the collar (``W-1001``)."""


def _license_in_force(session: Session, dog_id: int, clock: Clock) -> License | None:
    profile = profile_in_force(session)
    today = clock.today()
    year = profile.license_year_containing(today)
    return held_license(session, profile, dog_id, year, today)


def transfer_dog(
    database: Database,
    dog_id: int,
    new_owner_id: int,
    tenders: tuple[TenderInput, ...],
    *,
    actor: Actor,
    clock: Clock,
) -> FeeResult:
    """Give a dog to a new owner. Its license in force goes with it, for the transfer fee;
    a dog with no license in force changes owner without a fee."""
    with acting(database, actor, Permission.SELL, clock=clock) as session:
        when = money_now(session, clock, "take money")  # the town's day, the server's clock
        now, today = when.moment, when.day
        lock_dogs_and_owners(session, [dog_id], [new_owner_id])
        dog = session.get(Dog, dog_id)
        owner = session.get(Owner, new_owner_id)
        if dog is None:
            raise ValidationError("That dog is not on file.", field="dog")
        if owner is None or owner.status is not OwnerStatus.ACTIVE:
            raise ValidationError(
                "Choose an active owner to transfer the dog to.", field="new_owner"
            )
        if owner.id == dog.owner_id:
            raise ValidationError(
                f"{dog.name} already belongs to {owner.display_name}.", field="new_owner"
            )
        if dog.status is not DogStatus.ACTIVE:
            raise ValidationError(f"{dog.name} is marked {dog.status.value}.", field="dog")
        current = _license_in_force(session, dog.id, clock)
        dog.owner_id = owner.id
        dog.updated_at = now
        reindex_dog(session, dog)
        if current is None:
            refuse_payment(
                tenders, f"{dog.name} has no license in force, so no transfer fee is due."
            )
            return FeeResult(None, None, Decimal("0.00"), Decimal("0.00"), None, None)
        profile = profile_in_force(session)
        line = profile.fee(TRANSFER_FEE, today)
        sale = begin_sale(
            session,
            profile,
            payer=Payer.of(owner),
            lines=[ChargedLine(line, line.amount, dog.id)],
            tenders=tenders,
            actor=actor,
            now=now,
            today=today,
        )
        receipt = sale.receipt
        current.status = LicenseStatus.TRANSFERRED
        current.status_changed_at, current.status_changed_by = now, actor.name
        current.status_reason = f"transferred to {owner.display_name}"
        session.flush()
        moved = License(
            number=next_number(session, LICENSE, current.license_year_start.isoformat()),
            license_year_start=current.license_year_start,
            license_year_end=current.license_year_end,
            license_year_label=current.license_year_label,
            valid_from=current.valid_from,
            valid_until=current.valid_until,
            dog_id=dog.id,
            owner_id=owner.id,
            receipt_id=receipt.id,
            rabies_certificate_id=current.rabies_certificate_id,
            tag_number=current.tag_number,
            status=LicenseStatus.ISSUED,
            replaces_license_id=current.id,
            issued_at=now,
            issued_by=actor.name,
        )
        session.add(moved)
        session.flush()
        for tag in session.scalars(select(TagIssue).where(TagIssue.license_id == current.id)):
            tag.license_id = moved.id
        sale.post({dog.id: moved.id})
        shown = tag_text_in(session, moved.license_year_start, moved.tag_number)
        return _result(sale, moved.id, moved.tag_number, shown)


def _replacement(session: Session, license_id: int, new_tag: int | None) -> tuple[License, int]:
    """The license whose tag is lost and the tag that replaces it: the number typed, if it
    is in the year's stock and not given out, or else the next of the stock."""
    license_row = session.get(License, license_id)
    if license_row is None or license_row.status is not LicenseStatus.ISSUED:
        raise ValidationError("Only a license in force can have its tag replaced.", field="license")
    year_start, label = license_row.license_year_start, license_row.license_year_label
    if new_tag is None:
        new_tag = next_tag(session, year_start)
        if new_tag is None:
            raise ValidationError(
                f"No tags left in stock for license year {label}: receive tags under Tags "
                "first, or type the number of the tag in hand.",
                field="tag",
            )
    else:
        check_tag(session, year_start, new_tag, label)
    return license_row, new_tag


def check_replacement_tag(database: Database, license_id: int, new_tag: int | None) -> int:
    """The tag a lost one would be replaced with, checked before any money is taken;
    ``replace_tag`` makes the same checks again in its own transaction, since another
    workstation may take the number meanwhile. ``ValidationError`` with field "tag" when the
    number is not in the year's stock or was given out."""
    with database.read() as session:
        return _replacement(session, license_id, new_tag)[1]


def replace_tag(
    database: Database,
    license_id: int,
    tenders: tuple[TenderInput, ...],
    *,
    new_tag: int | None,
    actor: Actor,
    clock: Clock,
) -> FeeResult:
    """A lost tag: the old number stays used for the year (marked lost), a new one is issued."""
    with acting(database, actor, Permission.SELL, clock=clock) as session:
        when = money_now(session, clock, "take money")  # the town's day, the server's clock
        now, today = when.moment, when.day
        lock_for_license(session, license_id)
        license_row = session.get(License, license_id)
        if license_row is None or license_row.status is not LicenseStatus.ISSUED:
            raise ValidationError(
                "Only a license in force can have its tag replaced.", field="license"
            )
        year_start, label = license_row.license_year_start, license_row.license_year_label
        if new_tag is None:
            new_tag = next_tag(session, year_start)
            if new_tag is None:
                raise ValidationError(
                    f"No tags left in stock for license year {label}.", field="tag"
                )
        else:
            check_tag(session, year_start, new_tag, label)
        profile = profile_in_force(session)
        line = profile.fee(DUPLICATE_TAG_FEE, today)
        owner = session.get(Owner, license_row.owner_id)
        assert owner is not None
        sale = begin_sale(
            session,
            profile,
            payer=Payer.of(owner),
            lines=[ChargedLine(line, line.amount, license_row.dog_id)],
            tenders=tenders,
            actor=actor,
            now=now,
            today=today,
        )
        receipt = sale.receipt
        for old in session.scalars(
            select(TagIssue).where(
                TagIssue.license_id == license_row.id, TagIssue.status == TagStatus.ISSUED
            )
        ):
            old.status = TagStatus.LOST
        session.add(
            TagIssue(
                license_year_start=year_start,
                tag_number=new_tag,
                license_id=license_row.id,
                status=TagStatus.ISSUED,
                issued_at=now,
                issued_by=actor.name,
                receipt_id=receipt.id,
            )
        )
        license_row.tag_number = new_tag
        sale.post({license_row.dog_id: license_row.id})
        return _result(sale, license_row.id, new_tag, tag_text_in(session, year_start, new_tag))


def _result(sale: Sale, license_id: int, tag_number: int | None, tag: str | None) -> FeeResult:
    receipt = sale.receipt
    return FeeResult(
        receipt.id,
        receipt.label,
        sale.total_paid,
        sale.change_due,
        license_id,
        tag_number,
        sale.fee_total,
        tag,
    )

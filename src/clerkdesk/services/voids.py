"""Voiding a receipt: a new entry reversing it, with reason and user, never a change to it.

What the receipt paid for goes back to how it stood before: a license sold on it is void
(the dog may be licensed again; its tag number stays used for the year), a replacement tag
is void and the lost one the license's tag again, a transfer undone (the dog back with its
former owner and the former license in force). Where something changed on top of the
receipt since (a later transfer or replacement tag), the later receipt is voided first:
undoing in any other order would leave a license or tag no receipt explains.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    Dog,
    KennelLicense,
    License,
    LicenseStatus,
    Owner,
    OwnerStatus,
    Receipt,
    ReceiptLine,
    ReceiptVoid,
    TagIssue,
    TagStatus,
)
from clerkdesk.rules.clean_text import clean_text
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting, require
from clerkdesk.services.ledger_chain import hold_chain, post_entry
from clerkdesk.services.locks import lock_dogs_and_owners
from clerkdesk.services.money_clock import money_now
from clerkdesk.services.posting import posting_day, refuse_locked
from clerkdesk.services.search_words import reindex_dog
from clerkdesk.services.tag_prefix import tag_as_read

MAX_REASON = 300
NOTHING_VOIDED = "Nothing was voided."


class AlreadyVoided(ValidationError):
    """The receipt has its void already (perhaps from another workstation a moment ago)."""


class VoidRefused(ValidationError):
    """Undoing what the receipt paid for would leave the records inconsistent."""


@dataclass(frozen=True)
class VoidResult:
    void_id: int
    receipt_id: int
    receipt_label: str
    amount: Decimal
    business_day: dt.date
    # What went back, in words ("License 12 for Rex is void; tag 7 is void").
    undone: tuple[str, ...]


def clean_reason(reason: str | None) -> str:
    # One line of text (``rules.clean_text``: a control character or a line break is
    # refused, naming the field), its spaces made single.
    text = " ".join(clean_text(reason or "", "The reason", field="reason").split())
    if not text:
        raise ValidationError("Say why the receipt is voided.", field="reason")
    if len(text) > MAX_REASON:
        raise ValidationError(
            f"The reason is {len(text)} characters; keep it to {MAX_REASON}.", field="reason"
        )
    return text


def void_words(day: dt.date, actor: Actor, reason: str) -> str:
    """What the card shows for a license or tag the void changed."""
    return f"Voided {us_date(day)} by {actor.name}: {reason}"


def void_receipt(
    database: Database, receipt_id: int, reason: str, *, actor: Actor, clock: Clock
) -> VoidResult:
    """Void the receipt; ``PermissionDenied`` for a role that may not, ``AlreadyVoided``,
    ``PeriodLocked`` when its month (or today's) is locked, ``VoidRefused`` when what it
    paid for has changed since in a way only a later void can undo."""
    reason = clean_reason(reason)
    with acting(database, actor, Permission.VOID, clock=clock) as session:
        # The town's day and the database's clock, never this PC's (money_clock).
        when = money_now(session, clock, "void a receipt")
        now, today = when.moment, when.day
        # Dogs and owners before the chain: the order every poster locks in (see locks).
        _lock_paid_for(session, receipt_id)
        seq = hold_chain(session)
        receipt = _voidable(session, receipt_id)
        label = receipt.label
        day = posting_day(session, today, "void a receipt")
        words = void_words(today, actor, reason)
        undone = _undo(session, receipt, words, now, actor)
        void = ReceiptVoid(
            receipt_id=receipt.id,
            business_day=day,
            voided_at=now,
            voided_by=actor.name,
            workstation=actor.workstation,
            reason=reason,
            amount=receipt.total,
        )
        session.add(void)
        session.flush()
        post_entry(session, LedgerKind.VOID, void.id, now, seq)
        return VoidResult(void.id, receipt.id, label, receipt.total, day, tuple(undone))


def _voidable(session: Session, receipt_id: int) -> Receipt:
    """The receipt, if nothing about it refuses a void for certain: it is on file, not
    voided already, and its month is not locked."""
    receipt = session.get(Receipt, receipt_id)
    if receipt is None:
        raise ValidationError("That receipt is not on file.", field="receipt")
    done = session.scalars(select(ReceiptVoid).where(ReceiptVoid.receipt_id == receipt.id)).first()
    if done is not None:
        raise AlreadyVoided(
            f"Receipt {receipt.label} was already voided on {us_date(done.business_day)} by "
            f"{done.voided_by}: {done.reason}",
            field="receipt",
        )
    refuse_locked(session, receipt.business_day, f"void receipt {receipt.label}")
    return receipt


def check_voidable(database: Database, receipt_id: int, *, actor: Actor) -> None:
    """Refuse now, as ``void_receipt`` would, what is certain to be refused — a role that
    may not void, a receipt voided already or in a locked month — so the clerk hears it
    before giving a reason and confirming. The void itself checks all again."""
    require(actor, Permission.VOID)
    with database.read() as session:
        _voidable(session, receipt_id)


def _lock_paid_for(session: Session, receipt_id: int) -> None:
    """Hold the dogs the receipt's lines name (lines never change, so they are safe to read
    before anything is held) and the owners of the licenses it sold or moved."""
    dogs = set(
        session.scalars(
            select(ReceiptLine.dog_id).where(
                ReceiptLine.receipt_id == receipt_id, ReceiptLine.dog_id.is_not(None)
            )
        )
    )
    owners: set[int] = set()
    for owner_id, replaced in session.execute(
        select(License.owner_id, License.replaces_license_id).where(
            License.receipt_id == receipt_id
        )
    ):
        owners.add(owner_id)
        if replaced is not None:
            former = session.scalar(select(License.owner_id).where(License.id == replaced))
            if former is not None:
                owners.add(former)
    lock_dogs_and_owners(session, [d for d in dogs if d is not None], owners)


def _undo(
    session: Session, receipt: Receipt, words: str, now: dt.datetime, actor: Actor
) -> list[str]:
    licenses = session.scalars(
        select(License).where(License.receipt_id == receipt.id).order_by(License.id)
    ).all()
    undone: list[str] = []
    for license_row in licenses:
        if license_row.replaces_license_id is None:
            undone.append(_undo_sale(session, receipt, license_row, words, now, actor))
        else:
            undone.append(_undo_transfer(session, receipt, license_row, words, now, actor))
    sold = {row.id for row in licenses}
    for tag in session.scalars(
        select(TagIssue).where(TagIssue.receipt_id == receipt.id).order_by(TagIssue.id)
    ):
        if tag.license_id not in sold:
            undone.append(_undo_replacement(session, tag, words, now, actor))
    for kennel_license in session.scalars(
        select(KennelLicense).where(KennelLicense.receipt_id == receipt.id)
    ):
        undone.append(_undo_kennel(kennel_license, words, now, actor))
    return undone


def _undo_kennel(row: KennelLicense, words: str, now: dt.datetime, actor: Actor) -> str:
    """A kennel license's tags have no status of their own: they hang on the license and
    are void with it."""
    row.status = LicenseStatus.VOID
    row.status_changed_at, row.status_changed_by = now, actor.name
    row.status_reason = words[:200]
    label = f"{row.license_year_label}-K{row.number:03d}"
    tags = len(row.tags)
    said = f"kennel license {label} for {row.kennel.name} is void"
    return said + (f" with its {tags} kennel tag{'s' * (tags != 1)}" if tags else "")


def _dog_name(session: Session, dog_id: int) -> str:
    return session.scalar(select(Dog.name).where(Dog.id == dog_id)) or "the dog"


def _later_tags(session: Session, receipt: Receipt, license_id: int) -> None:
    """Refuse while a replacement tag sold on a later receipt still hangs on the license."""
    later = session.scalars(
        select(Receipt)
        .join(TagIssue, TagIssue.receipt_id == Receipt.id)
        .where(
            TagIssue.license_id == license_id,
            TagIssue.receipt_id > receipt.id,
            TagIssue.status != TagStatus.VOID,
        )
        .order_by(Receipt.id)
    ).first()
    if later is not None:
        raise VoidRefused(
            f"A replacement tag was sold for this license since, on receipt {later.label}: "
            f"void that receipt first. {NOTHING_VOIDED}",
            field="receipt",
        )


def _set_status(
    row: License, status: LicenseStatus, reason: str, now: dt.datetime, actor: Actor
) -> None:
    row.status = status
    row.status_changed_at, row.status_changed_by = now, actor.name
    row.status_reason = reason[:200]


def _refuse_changed(session: Session, row: License, dog: str) -> None:
    if row.status is LicenseStatus.ISSUED:
        return
    later = session.scalars(
        select(Receipt)
        .join(License, License.receipt_id == Receipt.id)
        .where(License.replaces_license_id == row.id)
    ).first()
    since = f", on receipt {later.label}: void that receipt first" if later else ""
    raise VoidRefused(
        f"License {row.number} for {dog} is {row.status.value} now{since}. {NOTHING_VOIDED}",
        field="receipt",
    )


def _undo_sale(
    session: Session,
    receipt: Receipt,
    row: License,
    words: str,
    now: dt.datetime,
    actor: Actor,
) -> str:
    dog = _dog_name(session, row.dog_id)
    _refuse_changed(session, row, dog)
    _later_tags(session, receipt, row.id)
    _set_status(row, LicenseStatus.VOID, words, now, actor)
    tags = []
    for tag in session.scalars(select(TagIssue).where(TagIssue.license_id == row.id)):
        if tag.status is not TagStatus.VOID:
            tag.status = TagStatus.VOID
            tags.append(tag_as_read(session, tag.license_year_start, tag.tag_number))
    session.flush()
    said = f"license {row.number} for {dog} is void"
    return said + (f"; tag {', '.join(tags)} is void" if tags else "")


def _undo_transfer(
    session: Session,
    receipt: Receipt,
    moved: License,
    words: str,
    now: dt.datetime,
    actor: Actor,
) -> str:
    dog_row = session.get(Dog, moved.dog_id)
    assert dog_row is not None
    former = session.get(License, moved.replaces_license_id)
    assert former is not None
    _refuse_changed(session, moved, dog_row.name)
    _later_tags(session, receipt, moved.id)
    if dog_row.owner_id != moved.owner_id:
        raise VoidRefused(
            f"{dog_row.name} has changed owner since this transfer: transfer the dog back "
            f"at the counter instead. {NOTHING_VOIDED}",
            field="receipt",
        )
    owner = session.get(Owner, former.owner_id)
    assert owner is not None
    if owner.status is not OwnerStatus.ACTIVE:
        # Handing a dog back to someone who moved away or died would put it on the books
        # of a household that is not there.
        raise VoidRefused(
            f"{dog_row.name} cannot go back to {owner.display_name}, who is marked "
            f"{owner.status.value}: transfer the dog at the counter instead. {NOTHING_VOIDED}",
            field="receipt",
        )
    if former.status is not LicenseStatus.TRANSFERRED:
        raise VoidRefused(
            f"License {former.number} is {former.status.value}, not transferred: {NOTHING_VOIDED}",
            field="receipt",
        )
    _set_status(moved, LicenseStatus.VOID, words, now, actor)
    session.flush()
    _set_status(former, LicenseStatus.ISSUED, f"Transfer {words[0].lower()}{words[1:]}", now, actor)
    for tag in session.scalars(select(TagIssue).where(TagIssue.license_id == moved.id)):
        tag.license_id = former.id
    former.tag_number = moved.tag_number
    dog_row.owner_id = owner.id
    dog_row.updated_at = now
    reindex_dog(session, dog_row)
    session.flush()
    return (
        f"{dog_row.name} is back with {owner.display_name} on license {former.number}; "
        f"license {moved.number} is void"
    )


def _undo_replacement(
    session: Session, new_tag: TagIssue, words: str, now: dt.datetime, actor: Actor
) -> str:
    row = session.get(License, new_tag.license_id)
    assert row is not None
    dog = _dog_name(session, row.dog_id)
    new_reads = tag_as_read(session, new_tag.license_year_start, new_tag.tag_number)
    if new_tag.status is not TagStatus.ISSUED:
        raise VoidRefused(
            f"Tag {new_reads} is {new_tag.status.value} now (replaced or returned "
            f"since): void the later receipt first. {NOTHING_VOIDED}",
            field="receipt",
        )
    _refuse_changed(session, row, dog)
    old = session.scalars(
        select(TagIssue)
        .where(
            TagIssue.license_id == row.id,
            TagIssue.status == TagStatus.LOST,
            TagIssue.id < new_tag.id,
        )
        .order_by(TagIssue.id.desc())
    ).first()
    new_tag.status = TagStatus.VOID
    row.tag_number = old.tag_number if old is not None else None
    if old is not None:
        old.status = TagStatus.ISSUED
    row.status_changed_at, row.status_changed_by = now, actor.name
    row.status_reason = f"Replacement tag {new_reads}: {words}"[:200]
    session.flush()
    back = ""
    if old is not None:
        back = f"; tag {tag_as_read(session, old.license_year_start, old.tag_number)} is "
        back += f"{dog}'s tag again"
    return f"replacement tag {new_reads} is void{back}"

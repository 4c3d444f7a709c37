"""What happened to a license, as its certificate and receipts tell it: a substitute for a
lost tag, a transfer to a new owner, how each receipt was paid, and the issuing clerk's
full name. Read inside the caller's transaction (``services.documents``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.models import License, Owner, Receipt, TagIssue, TagStatus
from clerkdesk.reports.documents import LostTagView, PaymentView, TenderView, TransferView
from clerkdesk.services.kennel_facts import full_names
from clerkdesk.services.payments import KIND_WORDS
from clerkdesk.services.tag_prefix import tag_text_in


def clerk_names(session: Session, logins: Iterable[str | None]) -> dict[str, str]:
    """Each login as a resident reads it: the full name the user list holds for it (the
    kennel papers read the same list), or the login itself where none is on file (a user
    since removed, or one who never gave a full name)."""
    names = full_names(session)
    return {login: names.get(login, login) for login in logins if login}


def _tag_issues(session: Session, license_id: int) -> list[TagIssue]:
    return list(
        session.scalars(
            select(TagIssue).where(TagIssue.license_id == license_id).order_by(TagIssue.id)
        )
    )


def _replacement(
    session: Session, issues: list[TagIssue], new: TagIssue, zone: dt.tzinfo
) -> LostTagView | None:
    """``new`` as a substitute: the tag it replaced is the license's last tag before it
    that was marked lost (the void service reads the pair the same way)."""
    lost = [t for t in issues if t.id < new.id and t.status is TagStatus.LOST]
    if not lost or new.receipt_id is None:
        return None
    old = lost[-1]
    receipt = session.get(Receipt, new.receipt_id)
    assert receipt is not None
    return LostTagView(
        lost_tag=tag_text_in(session, old.license_year_start, old.tag_number) or "",
        reported_on=new.issued_at.astimezone(zone).date(),
        new_tag=tag_text_in(session, new.license_year_start, new.tag_number) or "",
        receipt_label=receipt.label,
    )


def license_replacement(
    session: Session, license_row: License, zone: dt.tzinfo
) -> LostTagView | None:
    """The license's tag as a substitute for a lost one, when it is one."""
    issues = _tag_issues(session, license_row.id)
    current = [
        t for t in issues if t.status is TagStatus.ISSUED and t.tag_number == license_row.tag_number
    ]
    return _replacement(session, issues, current[-1], zone) if current else None


def receipt_replacements(
    session: Session, receipt_id: int, zone: dt.tzinfo
) -> dict[int, tuple[str, LostTagView | None]]:
    """For each license a receipt gave a tag out for: that tag as it reads, and what it
    replaced when it was a substitute for a lost one."""
    found: dict[int, tuple[str, LostTagView | None]] = {}
    for issue in session.scalars(select(TagIssue).where(TagIssue.receipt_id == receipt_id)):
        issues = _tag_issues(session, issue.license_id)
        shown = tag_text_in(session, issue.license_year_start, issue.tag_number) or ""
        found[issue.license_id] = (shown, _replacement(session, issues, issue, zone))
    return found


def transfer_of(session: Session, license_row: License, zone: dt.tzinfo) -> TransferView | None:
    """The license this one took over when its dog changed owner, if it did."""
    if license_row.replaces_license_id is None:
        return None
    former = session.get(License, license_row.replaces_license_id)
    assert former is not None
    owner = session.get(Owner, former.owner_id)
    return TransferView(
        former_license_number=former.number,
        former_license_year_label=former.license_year_label,
        former_owner=owner.display_name if owner is not None else "the former owner",
        transferred_on=license_row.issued_at.astimezone(zone).date(),
    )


def tender_views(receipt: Receipt) -> tuple[TenderView, ...]:
    return tuple(
        TenderView(
            kind=t.kind.value,
            label=KIND_WORDS[t.kind],
            amount=t.amount,
            tendered=t.tendered,
            change_due=t.change_due,
            reference=t.reference,
        )
        for t in receipt.tenders
    )


def payment_of(receipt: Receipt, zone: dt.tzinfo) -> PaymentView:
    return PaymentView(
        receipt_label=receipt.label,
        paid_on=receipt.issued_at.astimezone(zone).date(),
        total=receipt.total,
        tenders=tender_views(receipt),
    )


def substitute_receipts(session: Session, license_row: License) -> list[Receipt]:
    """The receipts that sold the license a substitute tag and stand (not voided), oldest
    first; the license's own receipt is not among them."""
    issues = _tag_issues(session, license_row.id)
    ids = [
        t.receipt_id
        for t in issues
        if t.receipt_id is not None
        and t.receipt_id != license_row.receipt_id
        and t.status is not TagStatus.VOID
        and any(o.id < t.id and o.status is TagStatus.LOST for o in issues)
    ]
    receipts = [session.get(Receipt, i) for i in dict.fromkeys(ids)]
    return [r for r in receipts if r is not None and r.void is None]

"""What the counter charges for enforcement: an owner's fines and an impounded dog's release.

The one checkout (``services.licensing``) takes this money with the licenses, on the same
receipt: this module says what each fine or release puts on the receipt (from what the
violation stored, or the impound charges to the moment of release), refuses in one line
what cannot be paid, and after the receipt is posted writes which line paid what
(``EnforcementPayment``) and marks a released dog returned.

Two workstations must not both take one fine. The checkout holds the violations and
impounds it charges (``locks.lock_enforcement``) before it reads whether they are paid, so the
second waits for the first to commit and then finds the fine paid.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    Dog,
    EnforcementPayment,
    Impound,
    Receipt,
    ReceiptLine,
    Violation,
)
from clerkdesk.rules import QuoteLine, TownProfile
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.enforcement_kinds import ImpoundDisposition, ViolationStatus
from clerkdesk.rules.money import ZERO, dollars
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services.enforcement.impound_facts import release_charges
from clerkdesk.services.enforcement.paid import paid_impounds, paid_violations
from clerkdesk.services.payments import TenderInput
from clerkdesk.services.receipts import ChargedLine

RELEASE_CITATION = "MGL c.140 §151A"
"""A dog is given back to its owner on the charges paid and, unlicensed, licensed."""


def fine_line(violation: Violation) -> QuoteLine:
    """The fine as the receipt prints it: what the violation stored when it was assessed."""
    return QuoteLine(
        code=violation.code,
        description=f"Fine {violation.label}: {violation.description}",
        amount=violation.amount,
        account=violation.account,
        citation=violation.citation,
        source=violation.rule_source,
    )


def fine_refusal(violation: Violation, paid: bool, receipt: str | None = None) -> str | None:
    """Why ``violation`` cannot be paid now, in one line; ``None`` when it can."""
    label = violation.label
    if violation.status is ViolationStatus.DISMISSED:
        return f"{label} was dismissed: there is nothing to pay."
    if violation.warning or violation.amount <= ZERO:
        return f"{label} is a written warning: there is nothing to pay."
    if paid:
        on = f" (receipt {receipt})" if receipt else ""
        return f"{label} is paid already{on}."
    if violation.maximum:
        return (
            f"{label} is a fine of not more than {dollars(violation.amount)}: the officer or "
            "the court sets its amount before it is paid."
        )
    return None


def payable_methods(violation: Violation) -> tuple[str, ...]:
    """The kinds of tender the bylaw takes for this fine (``()``: any)."""
    text = violation.payment_methods or ""
    return tuple(m.strip() for m in text.replace(";", ",").split(",") if m.strip())


def _paying_receipt(session: Session, violation_id: int) -> str | None:
    """The standing receipt that paid a fine, by its number."""
    found = session.scalars(
        select(Receipt)
        .join(EnforcementPayment, EnforcementPayment.receipt_id == Receipt.id)
        .where(EnforcementPayment.violation_id == violation_id)
        .order_by(Receipt.id.desc())
    ).all()
    standing = [r for r in found if r.void is None]
    return standing[0].label if standing else None


def unpaid_fines(session: Session, owner_id: int) -> list[Violation]:
    """The owner's fines that can be paid today: open, with an amount, not paid by a
    standing receipt (a "not more than" fine still to be set is listed; paying it is
    refused until it is). Oldest first."""
    rows = list(
        session.scalars(
            select(Violation)
            .where(
                Violation.owner_id == owner_id,
                Violation.status == ViolationStatus.OPEN,
                Violation.warning.is_(False),
                Violation.amount > ZERO,
            )
            .order_by(Violation.occurred_at, Violation.id)
        )
    )
    paid = paid_violations(session, [v.id for v in rows])
    return [v for v in rows if v.id not in paid]


def release_lines(
    session: Session, profile: TownProfile, impound: Impound, at: dt.datetime
) -> list[QuoteLine]:
    """What releasing ``impound`` at ``at`` charges: the impound services' one count
    (``impound_facts.release_charges``), on the town's clock as the officer's log has it."""
    return release_charges(session, profile, impound, at)


def impound_dogs(session: Session, impound_ids: Iterable[int]) -> list[int]:
    """The dogs of these impounds (to be held with the cart's), those identified."""
    ids = sorted(set(impound_ids))
    if not ids:
        return []
    return [
        d
        for d in session.scalars(select(Impound.dog_id).where(Impound.id.in_(ids)))
        if d is not None
    ]


@dataclass
class EnforcementCharges:
    """The fines and releases of one checkout, each with its receipt lines."""

    fines: list[tuple[Violation, ChargedLine]]
    releases: list[tuple[Impound, list[ChargedLine]]]

    @property
    def lines(self) -> list[ChargedLine]:
        return [c for _v, c in self.fines] + [c for _i, cs in self.releases for c in cs]

    @property
    def total(self) -> Decimal:
        return sum((c.amount for c in self.lines), ZERO)

    def amounts(self) -> list[str]:
        """ "V2026-0002 50.00", for a total that changed under the clerk's eyes."""
        out = [f"{v.label} {c.amount:.2f}" for v, c in self.fines]
        out += [f"{i.label} {sum((c.amount for c in cs), ZERO):.2f}" for i, cs in self.releases]
        return out


def _once(ids: Sequence[int], words: str) -> None:
    if len(set(ids)) != len(ids):
        raise ValidationError(f"{words} is in the cart twice.", field="cart")


def fine_charges(
    session: Session, violation_ids: Sequence[int], tenders: Sequence[TenderInput]
) -> list[tuple[Violation, ChargedLine]]:
    """Each fine's line, or a one-line refusal naming the first that cannot be paid."""
    _once(violation_ids, "A fine")
    paid = paid_violations(session, violation_ids)
    out = []
    for violation_id in violation_ids:
        violation = session.get(Violation, violation_id)
        if violation is None:
            raise ValidationError("That violation is not on file.", field="fines")
        receipt = _paying_receipt(session, violation.id) if violation.id in paid else None
        why = fine_refusal(violation, violation.id in paid, receipt)
        if why is not None:
            raise ValidationError(why, field="fines")
        methods = payable_methods(violation)
        wrong = sorted({t.kind.value for t in tenders} - set(methods)) if methods else []
        if wrong:
            taken = " or ".join(m.replace("_", " ") for m in methods)
            raise ValidationError(
                f"{violation.label} is payable by {taken} only, not "
                f"{', '.join(w.replace('_', ' ') for w in wrong)} (as the bylaw says).",
                field="tenders",
            )
        out.append((violation, ChargedLine(fine_line(violation), violation.amount)))
    return out


def release_refusal(session: Session, impound: Impound, paid: bool) -> str | None:
    """Why the counter cannot release ``impound``, in one line; ``None`` when it can. A dog
    returned on a receipt voided since may have its charges paid again (it is not held)."""
    label = impound.label
    owed_again = (
        impound.disposition is ImpoundDisposition.RETURNED
        and impound.release_receipt_id is not None
        and not paid
    )
    if impound.disposition is not None and not owed_again:
        when = (
            f" on {us_date(town_moment(impound.disposed_at).date())}" if impound.disposed_at else ""
        )
        return f"{label} is not held: the dog was {impound.disposition.value}{when}."
    if paid:
        return f"{label}'s charges are paid already."
    if impound.dog_id is None:
        return (
            f"{label} ({impound.description}) is a dog not yet identified: record whose dog "
            "it is before it is released."
        )
    if session.get(Dog, impound.dog_id) is None:
        return f"{label}'s dog is not on file."
    return None


def release_charges_of(
    session: Session,
    profile: TownProfile,
    impound_ids: Sequence[int],
    now: dt.datetime,
) -> list[tuple[Impound, list[ChargedLine]]]:
    """Each release's lines to ``now`` (to the release already made, for a returned dog
    whose receipt was voided), or a one-line refusal."""
    _once(impound_ids, "An impound")
    paid = paid_impounds(session, impound_ids)
    out = []
    for impound_id in impound_ids:
        impound = session.get(Impound, impound_id)
        if impound is None:
            raise ValidationError("That impound is not on file.", field="releases")
        why = release_refusal(session, impound, impound.id in paid)
        if why is not None:
            raise ValidationError(why, field="releases")
        until = impound.disposed_at if impound.disposition is not None else now
        assert until is not None
        lines = release_lines(session, profile, impound, until)
        charged = [
            ChargedLine(
                QuoteLine(
                    line.code,
                    f"{impound.label}: {line.description}",
                    line.amount,
                    line.account,
                    line.citation,
                    line.source,
                ),
                line.amount,
            )
            for line in lines
        ]
        out.append((impound, charged))
    return out


def unlicensed_refusal(dog_name: str, label: str) -> str:
    return (
        f"{dog_name} ({label}) is not licensed: license it in the same visit ({RELEASE_CITATION}: "
        "an impounded dog goes home licensed), or release it when it is."
    )


def record_payments(
    session: Session,
    receipt: Receipt,
    charges: EnforcementCharges,
    positions: dict[int, int],
    *,
    released_by: str,
    now: dt.datetime,
) -> None:
    """After the receipt is posted: one ``EnforcementPayment`` per line that paid a fine or
    a release (``positions`` maps each ``ChargedLine``'s ``id()`` to its position on the
    receipt), and each released dog returned with the receipt."""
    rows = {
        line.position: line.id
        for line in session.scalars(select(ReceiptLine).where(ReceiptLine.receipt_id == receipt.id))
    }
    for violation, charged in charges.fines:
        session.add(
            EnforcementPayment(
                receipt_id=receipt.id,
                receipt_line_id=rows[positions[id(charged)]],
                violation_id=violation.id,
            )
        )
    for impound, lines in charges.releases:
        for charged in lines:
            session.add(
                EnforcementPayment(
                    receipt_id=receipt.id,
                    receipt_line_id=rows[positions[id(charged)]],
                    impound_id=impound.id,
                )
            )
        if impound.disposition is None:
            impound.disposition = ImpoundDisposition.RETURNED
            impound.disposed_at = now
            impound.disposed_by = released_by
        impound.release_receipt_id = receipt.id
    session.flush()

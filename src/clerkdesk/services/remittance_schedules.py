"""The remittance's schedules beyond its totals: each fee at each unit price, the license
and tag numbers given out, one line per receipt, and who certifies it.

Read in the same transaction as the totals (``services.remittance``). Fees are grouped by
their amount in the database, so a row's count times its unit fee is its sum; lines that
charged nothing are grouped apart by why (an exemption, a free kennel class, a waiver), so
the treasurer sees every license issued, paid or not.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal
from typing import Any

from sqlalchemy import and_, func, select
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import ColumnElement

from clerkdesk.models import (
    KennelLicense,
    License,
    Receipt,
    ReceiptLine,
    ReceiptVoid,
    TagIssue,
    Tender,
    User,
)
from clerkdesk.reports.remittance_data import FeeRow, NumberSpan, ReceiptEntry
from clerkdesk.rules.kinds import TenderKind
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services.ledger_sums import cents, money, whole
from clerkdesk.services.payments import KIND_WORDS

CENT = Decimal("0.01")


def _in(column: Any, first: dt.date, last: dt.date) -> ColumnElement[bool]:
    return and_(column >= first, column <= last)


def code_words(code: str) -> str:
    return code.replace("_", " ").capitalize()


def _why_free(description: str, waiver: str | None, citation: str) -> str:
    """Why a line charged nothing: the waiver's reason, else what the fee rule wrote after
    the colon of its description ("owner aged 70 or over, no fee", "licensed free")."""
    words = f"waived: {waiver}" if waiver else description.rsplit(": ", 1)[-1]
    return f"{words} ({citation})" if citation else words


def fee_rows(
    session: Session, first: dt.date, last: dt.date, voided: list[int], dialect: str
) -> tuple[FeeRow, ...]:
    """One row per (account, fee code, unit amount), and per reason among the 0.00 lines.

    Each line carries its receipt's business day: the period's lines are one range of the
    (business_day, account, code, amount) index, read without the receipts; a voided
    receipt's lines are found by its id."""
    # (account, code, unit, reason) → [issued, cents in, voided, cents back]
    found: dict[tuple[str, str, Decimal, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    grouped = (ReceiptLine.account, ReceiptLine.code, ReceiptLine.amount)
    wheres: list[tuple[ColumnElement[bool], int]] = [
        (_in(ReceiptLine.business_day, first, last), 0)
    ]
    if voided:
        wheres.append((ReceiptLine.receipt_id.in_(voided), 2))
    for where, slot in wheres:
        free = False
        for account, code, amount, n, total in session.execute(
            select(*grouped, func.count(), cents(ReceiptLine.amount, dialect))
            .where(where)
            .group_by(*grouped)
        ):
            unit = Decimal(amount).quantize(CENT)
            if unit == 0:
                free = True
                continue
            g = found[(account, code, unit, "")]
            g[slot] += int(n)
            g[slot + 1] += whole(total)
        if free:
            for key, n in _free_lines(session, where):
                found[key][slot] += n
    return tuple(
        FeeRow(account, code, code_words(code), unit, g[0], money(g[1]), g[2], money(g[3]), why)
        for (account, code, unit, why), g in sorted(
            found.items(), key=lambda item: (item[0][0], item[0][1], -item[0][2], item[0][3])
        )
    )


def _free_lines(
    session: Session, where: ColumnElement[bool]
) -> list[tuple[tuple[str, str, Decimal, str], int]]:
    """The lines that charged nothing, by why (few: read per distinct description)."""
    columns = (
        ReceiptLine.account,
        ReceiptLine.code,
        ReceiptLine.description,
        ReceiptLine.waiver_reason,
        ReceiptLine.citation,
    )
    rows = session.execute(
        select(*columns, func.count()).where(where, ReceiptLine.amount == 0).group_by(*columns)
    )
    return [
        ((account, code, Decimal("0.00"), _why_free(description, waiver, citation)), int(n))
        for account, code, description, waiver, citation, n in rows
    ]


def number_spans(session: Session, first: dt.date, last: dt.date) -> tuple[NumberSpan, ...]:
    """Dog license, dog tag and kennel license numbers given out on the period's receipts,
    per license year."""
    # Joined to the period's receipts rather than tested against a list of their ids: the
    # database then starts from whichever side is smaller (a month's 10,000 receipts made
    # into a list three times was a quarter of the figures' time).
    period = _in(Receipt.business_day, first, last)
    queries: list[tuple[str, Any]] = [
        (
            "Dog license numbers",
            select(
                License.license_year_label,
                func.min(License.number),
                func.max(License.number),
                func.count(),
            )
            .join(Receipt, Receipt.id == License.receipt_id)
            .where(period)
            .group_by(License.license_year_label),
        ),
        (
            "Dog tag numbers",
            select(
                License.license_year_label,
                func.min(TagIssue.tag_number),
                func.max(TagIssue.tag_number),
                func.count(),
            )
            .join(License, License.id == TagIssue.license_id)
            .join(Receipt, Receipt.id == TagIssue.receipt_id)
            .where(period)
            .group_by(License.license_year_label),
        ),
        (
            "Kennel license numbers",
            select(
                KennelLicense.license_year_label,
                func.min(KennelLicense.number),
                func.max(KennelLicense.number),
                func.count(),
            )
            .join(Receipt, Receipt.id == KennelLicense.receipt_id)
            .where(period)
            .group_by(KennelLicense.license_year_label),
        ),
    ]
    spans: list[NumberSpan] = []
    for what, query in queries:
        for year, low, high, n in session.execute(query.order_by(query.selected_columns[0])):
            spans.append(NumberSpan(what, year, int(low), int(high), int(n)))
    return tuple(spans)


def _method(kind: TenderKind, reference: str | None) -> str:
    words = KIND_WORDS[kind]
    return f"{words} {reference}" if reference and kind is not TenderKind.CASH else words


def receipt_entries(session: Session, first: dt.date, last: dt.date) -> tuple[ReceiptEntry, ...]:
    """Every receipt of the period by number, with how it was paid and whether (and when)
    it was voided since."""
    methods: dict[int, list[str]] = defaultdict(list)
    # Core rows, not the ORM's: a city's month is tens of thousands of plain tuples, and
    # the ORM's row loading was most of the remittance's time (benchmarks/remittance_bench.py).
    connection = session.connection()
    for receipt_id, kind, reference in connection.execute(
        select(Tender.receipt_id, Tender.kind, Tender.reference)
        .where(_in(Tender.business_day, first, last))
        .order_by(Tender.receipt_id, Tender.position)
    ).all():
        methods[receipt_id].append(_method(kind, reference))
    rows = connection.execute(
        select(
            Receipt.id,
            Receipt.year,
            Receipt.number,
            Receipt.business_day,
            Receipt.payer_name,
            Receipt.total,
            ReceiptVoid.business_day,
        )
        .outerjoin(ReceiptVoid, ReceiptVoid.receipt_id == Receipt.id)
        .where(_in(Receipt.business_day, first, last))
        .order_by(Receipt.year, Receipt.number)
    ).all()
    return tuple(
        ReceiptEntry(
            f"{year}-{number:06d}",
            day,
            payer,
            " + ".join(methods.get(receipt_id, ())) or "None (no fee)",
            Decimal(total).quantize(CENT),
            voided_on,
        )
        for receipt_id, year, number, day, payer, total, voided_on in rows
    )


def signer(session: Session, actor: Actor) -> tuple[str, str]:
    """(the clerk who certifies, who prepared it), in full names.

    The clerk is the one signed in when their role is the clerk's; otherwise the office's
    one enabled clerk; otherwise no one (the name is written in by hand). Whoever prepared
    it is named by full name, or by sign-in name when they gave none."""
    people = {
        name: (" ".join(full.split()), role, disabled)
        for name, full, role, disabled in session.execute(
            select(User.name, User.full_name, User.role, User.disabled)
        )
    }
    own = people.get(actor.name)
    prepared = own[0] if own and own[0] else actor.name
    if actor.role is Role.CLERK:
        return (own[0] if own else ""), prepared
    clerks = [
        full for full, role, disabled in people.values() if role is Role.CLERK and not disabled
    ]
    return (clerks[0] if len(clerks) == 1 else ""), prepared

"""The daily close-out: the business day's receipts by tender, the drawer counted against
what the ledger expects, and the deposit of cash, checks and money orders.

What a day holds:

- its receipts: every receipt posted to that business day (``Receipt.business_day``);
- its voids: every void posted that day, whichever day the receipt was issued on. A void is
  posted on the day it is made, so voiding a receipt of a day already closed out changes
  nothing about that close-out: the cash handed back comes out of today's drawer and shows
  in today's close-out (and today's month).

Cash expected is the cash the day's receipts took (a cash tender's ``amount`` is what it
paid, change already given back) less the cash of the receipts voided that day. Checks and
money orders go to the bank as paper: those of the day's receipts are listed one by one,
except a receipt voided the same day (its check was handed back). A check of an earlier
day's receipt voided today was deposited with that day; its refund is the treasurer's, so
it is listed among the voids and not taken out of today's deposit. Cards settle through the
card processor: their total is the day's card tenders less the cards of receipts voided
that day.

Once a day is closed out, a receipt written on it posts to the next weekday not closed
(``posting.posting_day``).
"""

from __future__ import annotations

import datetime as dt
import logging
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal

from sqlalchemy import BindParameter, Date, bindparam, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Closeout, LedgerEntry, Receipt, ReceiptVoid, Tender, TenderKind
from clerkdesk.reports.money_documents import (
    ZERO,
    CloseoutRecord,
    CloseoutSheet,
    DaySummary,
    DepositItem,
    TenderTotal,
    VoidedReceipt,
)
from clerkdesk.rules.clean_text import clean_text
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.money import CENT, checked_amount, parse_amount
from clerkdesk.rules.office_years import money_day
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.acting import acting
from clerkdesk.services.backups.schedule import ScheduledOutcome, after_closeout
from clerkdesk.services.documents import office_heading
from clerkdesk.services.ledger_chain import hold_chain, post_entry
from clerkdesk.services.ledger_keys import printed_head
from clerkdesk.services.money_clock import money_now
from clerkdesk.services.office_years import first_money_day
from clerkdesk.services.payments import KIND_WORDS
from clerkdesk.services.posting import next_weekday, refuse_locked
from clerkdesk.services.profile_source import profile_in_force

log = logging.getLogger(__name__)

NOTE_LENGTH = 300
CASH_LIMIT = Decimal("1000000000.00")
PAPER = (TenderKind.CHECK, TenderKind.MONEY_ORDER)


class AlreadyClosedOut(ValidationError):
    """The business day was closed out already (perhaps a moment ago, at another
    workstation); nothing was written."""


@dataclass(frozen=True)
class CloseoutResult:
    closeout_id: int
    summary: DaySummary
    """The day as closed, with its ``closeout`` record."""
    backup: ScheduledOutcome | None = None
    """The office's close-out backup, taken once the close-out is committed (None when the
    office takes none then); its failure is said here, never undoes the close-out."""


@dataclass(frozen=True)
class DrawerState:
    """What the status bar says about the drawer: the day receipts post to now, and that
    day's takings so far; or the day just closed and where receipts go instead."""

    today: dt.date
    posting_day: dt.date
    receipt_count: int
    cash: Decimal
    closed_day: dt.date | None
    """``today`` when it is closed out (receipts then post to ``posting_day``)."""


def label(year: int, number: int) -> str:
    return f"{year}-{number:06d}"


def parse_cash(text: str) -> Decimal:
    """The cash counted as typed (``345``, ``$1,234.50``): dollars and cents, not negative
    (``rules.money.parse_amount``, the parser every amount typed goes through)."""
    return parse_amount(text, "Cash counted", field="cash_counted", limit=CASH_LIMIT - CENT)


def check_cash(amount: Decimal) -> Decimal:
    return checked_amount(amount, "Cash counted", field="cash_counted", limit=CASH_LIMIT - CENT)


def _note(note: str | None) -> str | None:
    cleaned = " ".join(clean_text(note or "", "The note", field="note", lines=True).split())
    if len(cleaned) > NOTE_LENGTH:
        raise ValidationError(
            f"The note is {len(cleaned)} characters; keep it to {NOTE_LENGTH}.", field="note"
        )
    return cleaned or None


def _record(row: Closeout, zone: dt.tzinfo) -> CloseoutRecord:
    return CloseoutRecord(
        closed_at=row.closed_at.astimezone(zone),
        closed_by=row.closed_by,
        workstation=row.workstation,
        cash_expected=row.cash_expected,
        cash_counted=row.cash_counted,
        over_short=row.over_short,
        checks_total=row.checks_total,
        money_orders_total=row.money_orders_total,
        cards_total=row.cards_total,
        deposit_total=row.deposit_total,
        note=row.note,
    )


# Built once: the demo closes hundreds of days, and building a statement costs more than
# running it on SQLite.
_DAY: BindParameter[dt.date] = bindparam("day", type_=Date())
_RECEIPTS_OF_DAY = (
    select(
        Receipt.year,
        Receipt.number,
        Receipt.payer_name,
        Tender.kind,
        Tender.amount,
        Tender.reference,
    )
    .outerjoin(Tender, Tender.receipt_id == Receipt.id)
    .where(Receipt.business_day == _DAY)
    .order_by(Receipt.year, Receipt.number, Tender.position)
)
_VOIDS_OF_DAY = (
    select(
        Receipt.id,
        Receipt.year,
        Receipt.number,
        Receipt.business_day,
        ReceiptVoid.voided_by,
        ReceiptVoid.reason,
        ReceiptVoid.amount,
        Tender.kind,
        Tender.amount,
    )
    .join(Receipt, Receipt.id == ReceiptVoid.receipt_id)
    .outerjoin(Tender, Tender.receipt_id == Receipt.id)
    .where(ReceiptVoid.business_day == _DAY)
    .order_by(Receipt.year, Receipt.number, Tender.position)
)
_CLOSEOUT_OF_DAY = select(Closeout).where(Closeout.business_day == _DAY)


def _voids_in(
    session: Session, day: dt.date
) -> tuple[tuple[VoidedReceipt, ...], dict[TenderKind, list[Decimal]]]:
    """The voids posted on ``day`` and, by tender kind, what they gave back."""
    given_back: dict[TenderKind, list[Decimal]] = defaultdict(list)
    voids: dict[int, VoidedReceipt] = {}
    rows = session.execute(_VOIDS_OF_DAY, {"day": day})
    for rid, year, number, r_day, by, reason, amount, kind, paid in rows:
        void = voids.get(rid) or VoidedReceipt(
            label(year, number), r_day, by, reason, amount, ZERO, same_day=r_day == day
        )
        if kind is not None:
            given_back[kind].append(paid)
            if kind is TenderKind.CASH:
                void = replace(void, cash=void.cash + paid)
        voids[rid] = void
    return tuple(voids.values()), given_back


def summary_in(
    session: Session, day: dt.date, zone: dt.tzinfo | None = None, *, known_open: bool = False
) -> DaySummary:
    """The business day's money, read inside the caller's transaction (``known_open``: the
    caller has just seen that the day has no close-out)."""
    zone = zone or town_zone()
    voids, given_back = _voids_in(session, day)
    voided_same_day = {v.receipt_label for v in voids if v.same_day}
    taken: dict[TenderKind, list[Decimal]] = defaultdict(list)
    deposit: list[DepositItem] = []
    receipts: list[str] = []
    for year, number, payer, kind, amount, reference in session.execute(
        _RECEIPTS_OF_DAY, {"day": day}
    ):
        shown = label(year, number)
        if not receipts or receipts[-1] != shown:
            receipts.append(shown)
        if kind is None:
            continue  # nothing was due: no tender
        taken[kind].append(amount)
        if kind in PAPER and shown not in voided_same_day:
            deposit.append(
                DepositItem(kind.value, KIND_WORDS[kind], reference or "", payer, amount, shown)
            )
    tenders = tuple(
        TenderTotal(
            kind=kind.value,
            label=KIND_WORDS[kind],
            count=len(taken[kind]),
            amount=sum(taken[kind], ZERO),
            reversed_count=len(given_back[kind]),
            reversed_amount=sum(given_back[kind], ZERO),
        )
        for kind in TenderKind
        if taken[kind] or given_back[kind]
    )
    by_kind = {TenderKind(t.kind): t for t in tenders}

    def net(kind: TenderKind) -> Decimal:
        found = by_kind.get(kind)
        return found.net if found is not None else ZERO

    row = None if known_open else session.scalars(_CLOSEOUT_OF_DAY, {"day": day}).first()
    return DaySummary(
        day=day,
        receipt_count=len(receipts),
        void_count=len(voids),
        first_receipt=receipts[0] if receipts else None,
        last_receipt=receipts[-1] if receipts else None,
        tenders=tenders,
        voids=voids,
        deposit_items=tuple(deposit),
        cash_expected=net(TenderKind.CASH),
        checks_total=sum((d.amount for d in deposit if d.kind == "check"), ZERO),
        money_orders_total=sum((d.amount for d in deposit if d.kind == "money_order"), ZERO),
        cards_total=net(TenderKind.CARD),
        closeout=_record(row, zone) if row is not None else None,
        posts_to=_posts_to(session, day) if row is not None else None,
    )


def _posts_to(session: Session, day: dt.date) -> dt.date:
    closed = set(session.scalars(select(Closeout.business_day).where(Closeout.business_day >= day)))
    while day in closed:
        day = next_weekday(day)
    return day


def day_summary(database: Database, day: dt.date) -> DaySummary:
    """The business day's receipts by tender, voids, drawer and deposit (read only)."""
    with database.read() as session:
        return summary_in(session, day)


def closeout_sheet(
    database: Database, day: dt.date, *, printed_by: str, clock: Clock
) -> CloseoutSheet:
    """The deposit slip's data: the day's summary under the town's heading."""
    with database.read() as session:
        heading = office_heading(profile_in_force(session))
        zone = town_zone()
        summary = summary_in(session, day, zone)
        return CloseoutSheet(
            heading,
            summary,
            clock.now().astimezone(zone),
            printed_by,
            ledger_head=printed_head(session, _closeout_link(session, day)).words,
        )


def _closeout_link(session: Session, day: dt.date) -> tuple[int, str] | None:
    """The close-out's own link, once the day is closed: the head it printed stays the
    head a reprint prints."""
    row = session.execute(
        select(LedgerEntry.seq, LedgerEntry.entry_hash)
        .join(Closeout, Closeout.id == LedgerEntry.record_id)
        .where(LedgerEntry.kind == LedgerKind.CLOSEOUT, Closeout.business_day == day)
    ).first()
    return None if row is None else (int(row[0]), str(row[1]))


def drawer_state(database: Database, today: dt.date) -> DrawerState:
    """The drawer for the status bar: three small aggregate reads."""
    with database.read() as session:
        closed = set(
            session.scalars(select(Closeout.business_day).where(Closeout.business_day >= today))
        )
        day = today
        while day in closed:
            day = next_weekday(day)
        count = session.scalar(select(func.count(Receipt.id)).where(Receipt.business_day == day))
        cash_in = session.scalar(
            select(func.coalesce(func.sum(Tender.amount), 0))
            .join(Receipt, Receipt.id == Tender.receipt_id)
            .where(Receipt.business_day == day, Tender.kind == TenderKind.CASH)
        )
        cash_out = session.scalar(
            select(func.coalesce(func.sum(Tender.amount), 0))
            .join(ReceiptVoid, ReceiptVoid.receipt_id == Tender.receipt_id)
            .where(ReceiptVoid.business_day == day, Tender.kind == TenderKind.CASH)
        )
    return DrawerState(
        today=today,
        posting_day=day,
        receipt_count=int(count or 0),
        cash=(Decimal(cash_in or 0) - Decimal(cash_out or 0)).quantize(Decimal("0.01")),
        closed_day=today if today in closed else None,
    )


def _already(row: Closeout, zone: dt.tzinfo) -> AlreadyClosedOut:
    at = row.closed_at.astimezone(zone)
    where = f" (workstation {row.workstation})" if row.workstation else ""
    return AlreadyClosedOut(
        f"{us_date(row.business_day)} was already closed out by {row.closed_by} on "
        f"{us_date(at.date())} at {at:%H:%M}{where}. Nothing was changed.",
        field="day",
    )


def close_out(
    database: Database,
    day: dt.date,
    cash_counted: Decimal,
    note: str | None = None,
    *,
    actor: Actor,
    clock: Clock,
) -> CloseoutResult:
    """Close the business day: the cash counted against the cash expected, the deposit
    totalled, the close-out linked onto the ledger's chain. Refused for a day already
    closed, a day still to come, or a day in a locked period."""
    counted = check_cash(cash_counted)
    cleaned = _note(note)
    zone = town_zone()
    money_day(day, clock.now().astimezone(zone).date(), "The day", field="day")
    try:
        with acting(database, actor, Permission.CLOSE_OUT, clock=clock) as session:
            # The town's day and the database's clock, never this PC's (money_clock).
            when = money_now(session, clock, "close out the day")
            money_day(day, when.day, "The day", first=first_money_day(session), field="day")
            done = close_out_in(
                session, day, counted, cleaned, actor=actor, now=when.moment, zone=zone
            )
    except IntegrityError as exc:
        # Only a writer that did not hold the chain (an older ClerkDesk) gets here.
        log.warning("close-out refused by the database: %s", exc.orig)
        with database.read() as session:
            found = session.scalars(select(Closeout).where(Closeout.business_day == day)).first()
        if found is None:
            raise
        raise _already(found, zone) from exc
    return replace(done, backup=after_closeout(database, actor=actor, clock=clock))


def close_out_in(
    session: Session,
    day: dt.date,
    counted: Decimal,
    note: str | None,
    *,
    actor: Actor,
    now: dt.datetime,
    zone: dt.tzinfo,
    expected: Callable[[DaySummary], Decimal] | None = None,
) -> CloseoutResult:
    """The close-out inside the caller's transaction (the demo closes years of days in
    one). ``expected`` turns the day's figures into the cash counted, for the demo."""
    # The chain first: a receipt being posted at another workstation finishes (or waits)
    # before the day's figures are read, so none slips in after them.
    seq = hold_chain(session)
    if day > now.astimezone(zone).date():
        raise ValidationError(
            f"{us_date(day)} has not come yet: only a day already begun can be closed out.",
            field="day",
        )
    found = session.scalars(_CLOSEOUT_OF_DAY, {"day": day}).first()
    if found is not None:
        raise _already(found, zone)
    refuse_locked(session, day, "close out the day")
    summary = summary_in(session, day, zone, known_open=True)
    if expected is not None:
        counted = check_cash(expected(summary))
    row = Closeout(
        business_day=day,
        closed_at=now,
        closed_by=actor.name,
        workstation=actor.workstation,
        receipt_count=summary.receipt_count,
        void_count=summary.void_count,
        cash_expected=summary.cash_expected,
        cash_counted=counted,
        over_short=summary.over_short(counted),
        checks_total=summary.checks_total,
        money_orders_total=summary.money_orders_total,
        cards_total=summary.cards_total,
        deposit_total=summary.deposit_total(counted),
        note=note,
    )
    session.add(row)
    session.flush()
    post_entry(session, LedgerKind.CLOSEOUT, row.id, now, seq)
    closed = replace(summary, closeout=_record(row, zone), posts_to=_posts_to(session, day))
    return CloseoutResult(row.id, closed)

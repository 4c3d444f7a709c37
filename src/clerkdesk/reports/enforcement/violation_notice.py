"""The violation notice (the ticket): what the owner or keeper is charged with, when and
where, the fine or the written warning, how and by when to pay, and how to contest it under
the noncriminal disposition of MGL c.40 §21D."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from reportlab.platypus import Flowable, Spacer

from clerkdesk.reports.enforcement.letter_page import WIDTH, Letter, render_letter
from clerkdesk.reports.enforcement.paper_data import Addressee, DogEntry, PaperHead, Printed
from clerkdesk.reports.enforcement.paper_parts import (
    GAP,
    NOTE,
    address_words,
    bold_then,
    dogs_table,
    facts,
    section,
    text,
    title,
    when,
)
from clerkdesk.reports.layout import money
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.fines import STATUTE_DAYS_TO_PAY

CONTEST_DAYS = STATUTE_DAYS_TO_PAY
"""MGL c.40 §21D: a hearing is asked for within 21 days of the notice, counted from the day
the ticket was given (the incident's), as its day to pay is."""
METHOD_WORDS = {"cash": "cash", "check": "check", "money_order": "money order", "card": "card"}


@dataclass(frozen=True)
class ViolationNotice:
    head: PaperHead
    label: str
    """``V2026-0001``."""
    owner: Addressee
    occurred_at: dt.datetime
    """In the town's time."""
    place: str
    officer: str
    dogs: tuple[DogEntry, ...]
    code: str
    description: str
    citation: str
    offense_number: int
    warning: bool
    amount: Decimal
    maximum: bool
    pay_by: dt.date | None
    payment_methods: tuple[str, ...] | None
    """The ways the bylaw lets the fine be paid (``check``, ``money_order``); ``None``: any
    way the office takes payment."""
    dismissed: str | None = None
    """Why the violation was dismissed since, when it was."""
    paid: str | None = None
    """``Paid on receipt 2026-000012, 03/20/2026`` when it has been."""


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def methods_words(methods: tuple[str, ...] | None) -> str:
    """``check or money order only``; ``cash, check, money order or card``."""
    if not methods:
        return "any way the office takes payment (cash, check, money order or card)"
    named = [METHOD_WORDS.get(m, m.replace("_", " ")) for m in methods]
    said = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} or {named[-1]}"
    return said if set(methods) >= set(METHOD_WORDS) else f"{said} only"


def amount_words(notice: ViolationNotice) -> str:
    if notice.warning:
        return "WRITTEN WARNING — no fine"
    if notice.maximum:
        return f"Fine of not more than ${money(notice.amount)}"
    return f"Fine ${money(notice.amount)}"


def _what(notice: ViolationNotice) -> list[Flowable]:
    rows = [
        ("Violation", f"{notice.description} (code {notice.code})"),
        ("Citation", notice.citation),
        ("Offense", f"{_ordinal(notice.offense_number)} offense"),
        ("Penalty", amount_words(notice)),
    ]
    if notice.pay_by is not None and not notice.warning:
        rows.append(("Pay by", us_date(notice.pay_by)))
    return section("What was violated", facts(rows, WIDTH))


def _incident(notice: ViolationNotice) -> list[Flowable]:
    rows = [
        ("Date and time", when(notice.occurred_at)),
        ("Place", notice.place),
        ("Officer", notice.officer),
    ]
    return section("The incident", facts(rows, WIDTH), Spacer(1, 4), dogs_table(notice.dogs, WIDTH))


def _where(notice: ViolationNotice) -> str:
    heading = notice.head.heading
    office = f"the {heading.office.removeprefix('Office of the ')}, {heading.town}"
    where = address_words(heading.mail_to or heading.address)
    return f"{office}, {where}" if where else office


def _how_to_pay(notice: ViolationNotice) -> list[Flowable]:
    heading = notice.head.heading
    amount = (
        f"up to ${money(notice.amount)} (the amount set by the officer or the court)"
        if notice.maximum
        else f"${money(notice.amount)}"
    )
    by = f" by {us_date(notice.pay_by)}" if notice.pay_by is not None else ""
    body: list[Flowable] = [
        bold_then(
            f"Pay {amount}{by}.",
            f"Payment by {methods_words(notice.payment_methods)}, payable to the "
            f"{heading.town}. Write the notice number {notice.label} on your payment.",
        ),
        text(f"Bring or mail your payment to {_where(notice)}."),
    ]
    if heading.address and heading.mail_to:
        body.append(text(f"The office is at {address_words(heading.address)}.", NOTE))
    if heading.hours or heading.phone:
        said = "; ".join(
            p for p in (f"Hours: {heading.hours}" if heading.hours else "",
                        f"Telephone: {heading.phone}" if heading.phone else "") if p
        )  # fmt: skip
        body.append(text(said + ".", NOTE))
    return section("How to pay", *body)


def _contest(notice: ViolationNotice) -> list[Flowable]:
    given = notice.occurred_at.date()
    day = given + dt.timedelta(days=CONTEST_DAYS)
    return section(
        "How to contest this notice",
        text(
            "This violation is handled by noncriminal disposition (MGL c.40 §21D). Paying the "
            "fine ends the matter: it is not a criminal conviction. If you believe you did not "
            "commit this violation, you have the right to a hearing before a judge of the "
            "district court. To have one, ask for it in writing within "
            f"{CONTEST_DAYS} days of the notice given on {us_date(given)} (by {us_date(day)}): "
            "send your "
            f"request, with the notice number {notice.label}, to {_where(notice)}, who will "
            "bring it to the court. If you neither pay nor ask for a hearing in time, the clerk "
            "may file a complaint with the district court, and the matter goes before the "
            "court.",
            NOTE,
        ),
    )


def _warning(notice: ViolationNotice) -> list[Flowable]:
    return section(
        "This is a written warning",
        text(
            "No fine is due and nothing need be paid. The warning is kept on record: a "
            "further violation may be fined as a later offense under the bylaw."
        ),
    )


def render_violation_notice(
    notice: ViolationNotice, *, printed: Printed | None = None, invariant: bool | None = None
) -> bytes:
    """The notice as PDF bytes; ``printed`` marks a copy made again."""
    heading = notice.head.heading
    words = "Written warning" if notice.warning else "Notice of violation"
    story: list[Flowable] = [*title(f"{words} — {notice.label}")]
    if notice.dismissed is not None:
        story += [bold_then("DISMISSED.", notice.dismissed), Spacer(1, GAP)]
    if notice.paid is not None:
        story += [bold_then("PAID.", notice.paid), Spacer(1, GAP)]
    story.append(
        text(
            "The officer named below records that a dog in your care, custody or ownership "
            f"violated the by-laws of the {heading.town} as set out below."
        )
    )
    story.append(Spacer(1, GAP))
    story += _what(notice) + _incident(notice)
    if notice.warning:
        story += _warning(notice)
    else:
        story += _how_to_pay(notice) + _contest(notice)
    letter = Letter(
        notice.head,
        "Violation notice",
        notice.label,
        notice.owner,
        f"{heading.town} · Violation notice {notice.label} · {heading.bylaw}".rstrip(" ·"),
    )
    return render_letter(letter, story, printed=printed, invariant=invariant)

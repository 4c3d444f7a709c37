"""The order of the hearing authority (MGL c.140 §157): the decision on the complaint, the
findings, each order with its conditions and the day it is in force, the owner's right to
petition the district court within 10 days, and what follows if an order is violated."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer, Table

from clerkdesk.reports.enforcement.letter_page import WIDTH, Letter, render_letter
from clerkdesk.reports.enforcement.paper_data import Addressee, DogEntry, PaperHead, Printed
from clerkdesk.reports.enforcement.paper_parts import (
    BOLD,
    GAP,
    bold_then,
    dogs_table,
    grid,
    section,
    text,
    title,
    when,
)
from clerkdesk.reports.layout import para, style
from clerkdesk.rules.dates import us_date

STATUTE = "MGL c.140 §157"
PETITION_DAYS = 10


@dataclass(frozen=True)
class OrderEntry:
    what: str
    """The order in words: ``muzzled and leashed off the owner's premises``."""
    conditions: str
    in_force_from: dt.date
    ended: str | None = None
    """``ended 09/01/2026: moved out of town`` when it no longer holds."""


@dataclass(frozen=True)
class HearingOrder:
    head: PaperHead
    label: str
    owner: Addressee
    dog: DogEntry
    complaint_on: dt.date
    complainant: str
    hearing_at: dt.datetime | None
    hearing_place: str | None
    decision: str
    """``dismissed``, ``nuisance`` or ``dangerous`` (``rules.enforcement_kinds``)."""
    decided_on: dt.date
    authority: str
    findings: str
    orders: tuple[OrderEntry, ...]
    court_result: str | None = None


DECISION_WORDS = {
    "dismissed": "The complaint is DISMISSED.",
    "nuisance": "The dog is found to be a NUISANCE DOG.",
    "dangerous": "The dog is found to be a DANGEROUS DOG.",
}


def petition_by(decided_on: dt.date) -> dt.date:
    return decided_on + dt.timedelta(days=PETITION_DAYS)


def _orders(order: HearingOrder) -> Table:
    head = style(8, bold=True)
    rows: list[list[object]] = [
        [para("Order", head), para("Conditions", head), para("In force from", head)]
    ]
    for entry in order.orders:
        since = us_date(entry.in_force_from) + (f"\n{entry.ended}" if entry.ended else "")
        what = entry.what[:1].upper() + entry.what[1:]
        rows.append([para(what, BOLD), para(entry.conditions or "—"), para(since)])
    table = Table(rows, colWidths=[2.0 * inch, WIDTH - 3.3 * inch, 1.3 * inch], repeatRows=1)
    table.setStyle(grid())
    return table


def render_hearing_order(
    order: HearingOrder, *, printed: Printed | None = None, invariant: bool | None = None
) -> bytes:
    heading = order.head.heading
    story: list[Flowable] = [*title(f"Order of the hearing authority — {order.label}")]
    heard = (
        f"after a public hearing on {when(order.hearing_at)}"
        + (f" at {order.hearing_place}" if order.hearing_place else "")
        if order.hearing_at is not None
        else "after its hearing"
    )
    story.append(
        bold_then(
            DECISION_WORDS.get(order.decision, order.decision),
            f"{order.authority}, the hearing authority under {STATUTE}, decided on "
            f"{us_date(order.decided_on)}, {heard}, on the complaint of {order.complainant} "
            f"received {us_date(order.complaint_on)}.",
        )
    )
    story.append(Spacer(1, GAP))
    story += section("The dog", dogs_table((order.dog,), WIDTH))
    story += section("Findings", text(order.findings or "—"))
    if order.orders:
        story += section(
            "Orders",
            text(
                "The owner or keeper of the dog shall comply with each order below from the day "
                "it is in force, wherever the dog is in the Commonwealth."
            ),
            _orders(order),
        )
    elif order.decision != "dismissed":
        story += section("Orders", text("No order was made."))
    if order.decision != "dismissed":
        by = petition_by(order.decided_on)
        story += section(
            "Your right to petition the court",
            text(
                f"Within {PETITION_DAYS} days after this order was issued (by {us_date(by)}), "
                "you may bring a petition in the district court for the area where the dog is "
                f"kept, asking it to review this order ({STATUTE}). The court hears the matter "
                "afresh and may affirm, change or reverse the order."
            ),
        )
        story += section(
            "If an order is violated",
            text(
                "A dog whose owner or keeper violates an order may be seized and impounded. "
                "The owner or keeper must surrender the dog's license and tags, and may not "
                "license any dog anywhere in the Commonwealth for five years "
                f"({STATUTE}); the hearing authority reports this to the licensing authority "
                "within 30 days."
            ),
        )
    if order.court_result:
        story += section("The court", text(order.court_result))
    letter = Letter(
        order.head,
        "Order of the hearing authority",
        order.label,
        order.owner,
        f"{heading.town} · Order {order.label} · {STATUTE}",
    )
    return render_letter(letter, story, printed=printed, invariant=invariant)

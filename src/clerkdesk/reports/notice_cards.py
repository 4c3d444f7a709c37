"""Renewal postcards, four to a Letter sheet of perforated card stock, each 5½ × 4¼ in
(within the USPS postcard size, at most 6 × 4¼), drawn a quarter turn round so the
address runs along its long side.

A card holds every dog and kennel of its owner and the whole address, or it is not
printed: ``plan_card`` says why it does not fit, and the owner is sent a letter instead.
Nothing on a card is cut and no dog is left off ("and 3 more").
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from clerkdesk.reports.address_block import Box, draw_address, fit_address
from clerkdesk.reports.layout import FONT, FONT_BOLD, INK, LETTER, MUTED, RULE
from clerkdesk.reports.notice_data import Notice, NoticeSet
from clerkdesk.reports.notice_words import (
    NO_FEE,
    after_schedule,
    amount_words,
    card_how_to,
    consequence,
    exempt,
    has_schedule,
    level_words,
    step_days,
)
from clerkdesk.reports.text_fit import Fitted, fit_cell
from clerkdesk.rules.dates import us_date

PAGE_W, PAGE_H = LETTER
CARD_W, CARD_H = 5.5 * inch, 4.25 * inch
PAD = 0.25 * inch
MESSAGE_W = 2.85 * inch
MESSAGE_TOP = CARD_H - PAD - 32
LEADING = 1.25
ADDRESS_BOX = Box(
    MESSAGE_W + 0.35 * inch, 0.7 * inch, CARD_W - PAD - MESSAGE_W - 0.35 * inch, 1.7 * inch
)
"""The right half, clear of the stamp above and of the ⅝ in the post office keeps free
for its barcode at the foot."""


@dataclass(frozen=True)
class CardPlan:
    notice: Notice
    message: tuple[tuple[Fitted, bool], ...]
    """Each paragraph of the message, fitted to the left half; ``True``: in bold."""
    address: Fitted


def _message(s: NoticeSet, notice: Notice) -> list[tuple[str, float, bool]]:
    free = exempt(notice)
    head = "Dog license" if notice.dogs else "Kennel license"
    if notice.dogs and notice.kennels:
        head = "Dog and kennel licenses"
    verb = "not renewed" if s.reminder else "renewal due"
    found = [(f"{level_words(s)}: {head} {verb}, {s.year_label}", 9.0, True)]
    when = f"Due on {us_date(s.dated)}" if s.reminder else f"Due by {us_date(s.due_date)}"
    if s.rolling and not s.reminder:
        when = "Due on the day each license runs out"
    late = not s.reminder and not free and s.late_from is not None and not has_schedule(notice)
    late = late and any(d.amount_late is not None for d in notice.dogs)
    if late and s.late_from is not None:
        when += f"; from {us_date(s.late_from)}, the amount in brackets"
    found.append((when, 7.5, False))
    for d in notice.dogs:
        tag = f", tag {d.last_tag}" if d.last_tag else ""
        amount = amount_words(d.amount_now)
        if late and d.amount_late is not None:
            amount += f" ({amount_words(d.amount_late)})"
        star = " *" if d.rabies_note else ""
        found.append((f"{d.name}{tag}: {amount}{star}", 7.5, False))
    for k in notice.kennels:
        found.append((f"Kennel {k.name}: {amount_words(k.amount_now)}", 7.5, False))
    if free:
        found.append((NO_FEE + ": no payment is asked for.", 7.5, True))
    elif has_schedule(notice):
        found.append(("Total, by the day you renew:", 7.5, True))
        found += [
            (f"{step_days(step)}: {amount_words(step.total)}", 7.5, False)
            for step in notice.schedule
        ]
        after = after_schedule(s, notice)
        if after:
            found.append((after, 7.0, False))
    else:
        found.append((f"Total {amount_words(notice.total_now)}", 7.5, True))
    final = consequence(s)
    if final:
        found.append((final, 6.5, True))
    if any(d.rabies_note for d in notice.dogs):
        found.append(("* Bring a current rabies certificate.", 7.0, False))
    found.append((card_how_to(s, notice), 6.5, False))
    return found


def plan_card(s: NoticeSet, notice: Notice) -> CardPlan | str:
    """The card, or why the owner's notice does not fit one."""
    message = tuple(
        (fit_cell(text, FONT_BOLD if bold else FONT, size=size, floor=6.0, width=MESSAGE_W), bold)
        for text, size, bold in _message(s, notice)
    )
    height = sum(len(f.lines) * f.size * LEADING for f, _ in message) + 2 * len(message)
    if height > MESSAGE_TOP - PAD:
        shown = len(notice.dogs) + len(notice.kennels)
        return f"{shown} licenses do not fit on a card"
    address = fit_address([notice.owner_name, *notice.address], ADDRESS_BOX, size=9.5, floor=8)
    if address.cut:
        return "the name and address do not fit the card's address side"
    return CardPlan(notice, message, address)


def card_origin(slot: int) -> tuple[float, float]:
    """The lower-left corner, on the sheet, of the card in ``slot`` (0–3, reading order)."""
    column, row = slot % 2, slot // 2
    return (column + 1) * CARD_H, PAGE_H - (row + 1) * CARD_W


def draw_card(c: Canvas, s: NoticeSet, plan: CardPlan, slot: int) -> None:
    """One postcard in ``slot`` of the current sheet, turned so its long side is across."""
    x0, y0 = card_origin(slot)
    c.saveState()
    c.translate(x0, y0)
    c.rotate(90)
    c.setFillColor(INK)
    c.setFont(FONT_BOLD, 8)
    c.drawString(PAD, CARD_H - PAD - 6, s.heading.town)
    c.setFont(FONT, 7)
    c.drawString(PAD, CARD_H - PAD - 15, s.heading.office)
    # Postage, top right, where a stamp or the town's permit imprint goes.
    c.setStrokeColor(RULE)
    c.setDash(2, 2)
    c.rect(CARD_W - PAD - 0.75 * inch, CARD_H - PAD - 0.85 * inch, 0.75 * inch, 0.85 * inch)
    c.setDash()
    c.setFont(FONT, 6)
    c.setFillColor(MUTED)
    c.drawCentredString(CARD_W - PAD - 0.375 * inch, CARD_H - PAD - 0.45 * inch, "POSTAGE")
    c.setFillColor(INK)
    y = MESSAGE_TOP
    for fitted, bold in plan.message:
        c.setFont(FONT_BOLD if bold else FONT, fitted.size)
        for line in fitted.lines:
            c.drawString(PAD, y, line)
            y -= fitted.size * LEADING
        y -= 2
    draw_address(c, plan.address, ADDRESS_BOX)
    c.restoreState()

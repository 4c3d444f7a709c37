"""The return stub at the foot of a renewal letter: cut off along the dashed line and
mailed back with the payment, or with the news that a dog has died or gone.

It names the owner and every dog and kennel with its license, a box to tick for each
(renew, died, moved away, no longer mine), where to mail it and whom the check is payable
to, and a box for the amount enclosed — or, where every license is free, says "No fee —
renewal still required" and asks for no payment.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from clerkdesk.reports.layout import FONT, FONT_BOLD, INK, MUTED, RULE
from clerkdesk.reports.notice_data import Notice, NoticeSet
from clerkdesk.reports.notice_words import (
    NO_FEE,
    amount_words,
    exempt,
    has_schedule,
    level_words,
    mail_lines,
)
from clerkdesk.reports.text_fit import Fitted, fit_block, fit_cell
from clerkdesk.rules.dates import us_date

SIZE, FLOOR = 8.5, 7.0
LEADING = 1.25
CHOICES = ("Renew", "Died", "Moved away", "No longer own")
KENNEL_CHOICES = ("Renew", "", "", "Closed")
# Left edges of the columns, in inches from the stub's left: name, license, amount, then
# one box per choice.
NAME_X, LICENSE_X, AMOUNT_X, BOXES_X, BOX_STEP = 0.0, 1.95, 3.2, 3.96, 0.76
WRITE_LINE = 10.0
"""Under the closing words: a rule to write the date and the new owner on."""
TOP_GAP = 12.0
"""From the cut line to the stub's first line: room for the scissors' words."""


@dataclass(frozen=True)
class StubRow:
    name: Fitted
    license: str
    amount: str
    choices: tuple[str, ...]

    @property
    def height(self) -> float:
        return max(1, len(self.name.lines)) * self.name.size * LEADING + 3


def _rows(s: NoticeSet, notice: Notice, width: float) -> list[StubRow]:
    name_w = (LICENSE_X - NAME_X) * inch - 6
    rows = [
        StubRow(
            fit_cell(d.name, FONT, size=SIZE, floor=FLOOR, width=name_w),
            d.last_license,
            amount_words(d.amount_now),
            CHOICES,
        )
        for d in notice.dogs
    ]
    rows += [
        StubRow(
            fit_cell(f"Kennel: {k.name}", FONT, size=SIZE, floor=FLOOR, width=name_w),
            k.last_license,
            amount_words(k.amount_now),
            KENNEL_CHOICES,
        )
        for k in notice.kennels
    ]
    return rows


def _owner(notice: Notice, width: float) -> Fitted:
    return fit_block(
        [notice.owner_name, *notice.address],
        FONT,
        size=SIZE,
        floor=FLOOR,
        width=width,
        max_lines=6,
    )


def _told(s: NoticeSet, notice: Notice, width: float) -> list[tuple[Fitted, bool]]:
    """Where to mail and what to enclose, each fitted; ``True`` for the no-fee line."""
    first, *rest = mail_lines(s.heading)
    told = [(f"Mail to: {first}", False)] + [(line, False) for line in rest]
    if exempt(notice):
        told.append((NO_FEE + ".", True))
    else:
        told.append((f"Check payable to {s.payable_to}.", False))
    return [
        (fit_cell(text, FONT_BOLD if bold else FONT, size=SIZE, floor=FLOOR, width=width), bold)
        for text, bold in told
    ]


@dataclass(frozen=True)
class StubPlan:
    owner: Fitted
    told: list[tuple[Fitted, bool]]
    rows: list[StubRow]
    closing: Fitted

    @property
    def height(self) -> float:
        """From the cut line to the stub's last line."""
        told = sum(len(f.lines) * f.size * LEADING for f, _ in self.told)
        head = TOP_GAP + 10 + 14 + max(self.owner.height(LEADING), told) + 8
        rows = 4 + SIZE * LEADING + sum(r.height for r in self.rows)
        closing = len(self.closing.lines) * self.closing.size * LEADING
        return head + rows + 6 + 20 + closing + WRITE_LINE


CLOSING = (
    "Died, moved away or no longer yours: the date, and the new owner's name and address "
    "if you know them:"
)


def plan_stub(s: NoticeSet, notice: Notice, width: float) -> StubPlan:
    split = width * 0.52
    return StubPlan(
        _owner(notice, split - 20),
        _told(s, notice, width - split),
        _rows(s, notice, width),
        fit_cell(CLOSING, FONT, size=7.5, floor=7.0, width=width),
    )


def draw_stub(
    c: Canvas, s: NoticeSet, notice: Notice, plan: StubPlan, box: tuple[float, float, float]
) -> None:
    """The stub ``plan`` with its cut line at ``top`` (``box``: left, top, width), across
    the page ``c`` is drawing."""
    left, top, width = box
    right = left + width
    c.saveState()
    c.setStrokeColor(RULE)
    c.setDash(4, 3)
    c.line(0.3 * inch, top, left + width + left - 0.3 * inch, top)
    c.setDash()
    c.setFillColor(MUTED)
    c.setFont(FONT, 7)
    c.drawCentredString(
        (left + right) / 2, top - 8, "✂  Cut here and return this part with your renewal"
    )
    c.setFillColor(INK)
    y = top - TOP_GAP - 10
    c.setFont(FONT_BOLD, 10)
    c.drawString(left, y, f"Return stub — {level_words(s)}, license year {s.year_label}")
    c.setFont(FONT, 8)
    c.drawRightString(right, y, f"Owner no. {notice.owner_id}")
    y -= 14
    c.setFont(FONT, plan.owner.size)
    oy = y
    for line in plan.owner.lines:
        c.drawString(left, oy, line)
        oy -= plan.owner.size * LEADING
    half = left + width * 0.52
    ty = y
    for fitted, bold in plan.told:
        c.setFont(FONT_BOLD if bold else FONT, fitted.size)
        for line in fitted.lines:
            c.drawString(half, ty, line)
            ty -= fitted.size * LEADING
    y = min(oy, ty) - 8 + SIZE * LEADING - SIZE
    # The licenses, a box to tick for each.
    c.setFont(FONT_BOLD, 7)
    c.drawString(left + NAME_X * inch, y, "Dog or kennel")
    c.drawString(left + LICENSE_X * inch, y, "Last license")
    c.drawString(left + AMOUNT_X * inch, y, "Fee now")
    for i, choice in enumerate(CHOICES):
        c.drawCentredString(left + (BOXES_X + (i + 0.5) * BOX_STEP) * inch, y, choice)
    y -= 4
    c.setStrokeColor(RULE)
    c.line(left, y, right, y)
    y -= SIZE * LEADING
    for row in plan.rows:
        c.setFont(FONT, row.name.size)
        ny = y
        for line in row.name.lines:
            c.drawString(left + NAME_X * inch, ny, line)
            ny -= row.name.size * LEADING
        c.setFont(FONT, SIZE)
        c.drawString(left + LICENSE_X * inch, y, row.license)
        c.drawString(left + AMOUNT_X * inch, y, row.amount)
        c.setStrokeColor(INK)
        for i, choice in enumerate(row.choices):
            if choice:
                middle = left + (BOXES_X + (i + 0.5) * BOX_STEP) * inch
                c.rect(middle - 3.5, y - 1, 7, 7)
        y -= row.height
    y -= 6
    c.setFont(FONT_BOLD, 9)
    if exempt(notice):
        c.drawString(left, y - 4, f"{NO_FEE}: no payment is asked for.")
    else:
        c.drawString(left, y - 4, due_words(notice))
        box_w = 1.3 * inch
        c.drawRightString(right - box_w - 4, y - 4, "Amount enclosed  $")
        c.setStrokeColor(INK)
        c.rect(right - box_w, y - 9, box_w, 16)
    y -= 20
    c.setFillColor(MUTED)
    c.setFont(FONT, plan.closing.size)
    for line in plan.closing.lines:
        c.drawString(left, y, line)
        y -= plan.closing.size * LEADING
    c.setStrokeColor(RULE)
    c.line(left, y - WRITE_LINE + 8, right, y - WRITE_LINE + 8)
    c.restoreState()


def due_words(notice: Notice) -> str:
    """``Due now: $20.00``; where the total changes ahead, the amount until it does."""
    steps = notice.schedule
    if has_schedule(notice) and steps and steps[0].ends is not None:
        until = us_date(steps[0].ends)
        return f"Due to {until}: {amount_words(steps[0].total)} (later: see the letter)"
    return f"Due now: {amount_words(notice.total_now)}"

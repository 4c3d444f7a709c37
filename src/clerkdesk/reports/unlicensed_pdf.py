"""The unlicensed-dog list: a portrait cover page (the §151A warrant with the clerk's
certificate, ``unlicensed_warrant``), then on landscape Letter the office heading and the
§151A title, one table per street (its name and count, repeated on a page it runs onto),
each dog with its evidence, the notices sent and the amount due, the total, who was left
out and why, and "Page N of M" on every page."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.layout import (
    BOTTOM,
    INK,
    LETTER,
    MARK_RED,
    MUTED,
    RULE,
    SHADE,
    Banner,
    esc,
    frame_width,
    heading_table,
    markup,
    money,
    para,
    style,
)
from clerkdesk.reports.page_numbers import NO_PADDING, numbered_canvas, report_document
from clerkdesk.reports.unlicensed_data import STATUTE, StreetGroup, UnlicensedList, UnlicensedRow
from clerkdesk.reports.unlicensed_warrant import warrant_cover
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date

PAGE = landscape(LETTER)
MARGIN = 0.5 * inch
COVER_MARGIN = 0.85 * inch
TITLE = style(13, bold=True, alignment=TA_RIGHT)
RIGHT_BOLD = style(10.5, bold=True, alignment=TA_RIGHT)
RIGHT_SMALL = style(8.5, alignment=TA_RIGHT, color=MUTED)
BODY = style(9)
NOTE = style(8.5, color=MUTED)
CELL = style(8)
CELL_BOLD = style(8, bold=True)
CELL_BOLD_RIGHT = style(8.5, bold=True, alignment=TA_RIGHT)
STREET = style(9.5, bold=True)
COUNT = style(8.5, color=MUTED, alignment=TA_RIGHT)
TOTAL = style(10, bold=True)
RED = "#c0392b"
CELL_RIGHT = style(8, alignment=TA_RIGHT)
SMALL_RIGHT = style(7, alignment=TA_RIGHT, color=MUTED)
CELL_SMALL = style(7.5)
COLUMNS: tuple[tuple[str, float], ...] = (
    ("No.", 0.45),
    ("Owner, mailing address, phone", 2.0),
    ("Dog", 1.45),
    ("Last license", 1.05),
    ("Rabies certificate on file", 1.6),
    ("Census", 1.1),
    ("Notices sent", 1.25),
    ("Amount due", 1.1),
)
"""Each column and its share of the frame's ten inches."""


def _widths(width: float) -> list[float]:
    whole = sum(share for _, share in COLUMNS)
    return [width * share / whole for _, share in COLUMNS]


def _lines(*parts: str) -> str:
    return "<br/>".join(part for part in parts if part)


def _amount(row: UnlicensedRow) -> list[Any]:
    if row.amount_due is None:
        return [para("—", CELL_RIGHT), para(row.amount_note, SMALL_RIGHT)]
    cells = [para(f"${money(row.amount_due)}", CELL_BOLD_RIGHT)]
    if row.late_fees:
        cells.append(para(f"incl. ${money(row.late_fees)} late fees", SMALL_RIGHT))
    if row.amount_note:
        cells.append(para(row.amount_note, SMALL_RIGHT))
    return cells


def _cells(row: UnlicensedRow, same_owner: bool = False) -> list[Any]:
    if same_owner:
        # The owner's address and phone are on the row above: a 12-dog owner is one block.
        owner = f"<b>{esc(row.owner_name)}</b><br/><font color='#555555'>same owner</font>"
    else:
        owner = _lines(
            f"<b>{esc(row.owner_name)}</b>", *(esc(line) for line in row.address_lines),
            esc(row.phone or ""),
        )  # fmt: skip
        if row.residence and row.residence != row.address_lines[0]:
            owner += f"<br/><i>kept at {esc(row.residence)}</i>"
    dog = _lines(
        f"<b>{esc(row.dog_name)}</b> {esc(row.sex_label)}",
        esc(", ".join(w for w in (row.breed, row.color) if w)),
        esc(row.age),
    )
    if row.never_licensed:
        last = "<b>Never licensed</b>"
    else:
        tag = esc(f"tag {row.last_tag}") if row.last_tag else ""
        held = (
            f"License {row.last_license_number}<br/>{esc(row.last_license_year)}"
            if row.last_license_number is not None
            and row.last_license_year
            and row.last_license_label.endswith(f"({row.last_license_year})")
            else esc(row.last_license_label)
        )
        last = _lines(held, tag)
    rabies = esc(row.rabies) if row.rabies else f"<font color='{RED}'>None on file</font>"
    notices = _lines(*(esc(f"{what} {sent:%m/%d/%Y}") for what, sent in row.notices)) or "None"
    return [
        para(row.house_number or "—", CELL),
        markup(owner, CELL),
        markup(dog, CELL),
        markup(last, CELL),
        markup(rabies, CELL_SMALL),
        para(row.census or "—", CELL_SMALL),
        markup(notices, CELL_SMALL),
        _amount(row),
    ]


BASE_STYLE: list[tuple[Any, ...]] = [
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("LEFTPADDING", (0, 0), (-1, -1), 3),
    ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ("TOPPADDING", (0, 0), (-1, -1), 2),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
]


def column_head(width: float) -> Table:
    """The column names: under the introduction on the first page, and drawn at the top
    of every later page (``_later_page``)."""
    table = Table([[para(name, CELL_BOLD) for name, _ in COLUMNS]], colWidths=_widths(width))
    table.setStyle(
        TableStyle([*BASE_STYLE, ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.6, RULE)])
    )  # fmt: skip
    return table


def _street_table(group: StreetGroup, width: float) -> Table:
    """A street's name and count across its first row, repeated where it runs onto the
    next page, then its dogs."""
    dogs = counted(len(group.rows), "dog")
    body: list[list[Any]] = [
        [para(group.street, STREET), *[""] * (len(COLUMNS) - 2), para(dogs, COUNT)],
        *(
            _cells(row, at > 0 and group.rows[at - 1].owner_id == row.owner_id)
            for at, row in enumerate(group.rows)
        ),
    ]
    commands = [
        *BASE_STYLE,
        ("SPAN", (0, 0), (-2, 0)),
        ("TOPPADDING", (0, 0), (-1, 0), 7),
        ("LINEBELOW", (0, 0), (-1, 0), 0.9, INK),
        # A street's name never ends a page without its first dog under it.
        ("NOSPLIT", (0, 0), (-1, 1)),
    ]
    if len(group.rows) > 1:
        commands.append(("LINEBELOW", (0, 1), (-1, -2), 0.25, RULE))
    table = Table(body, colWidths=_widths(width), repeatRows=1)
    table.setStyle(TableStyle(commands))
    return table


def _heading(found: UnlicensedList, heading: OfficeHeading, width: float) -> Table:
    right = [
        para(f"Dogs Not Licensed — {STATUTE}", TITLE),
        para(f"License year {found.year_label}", RIGHT_BOLD),
        para(
            f"No license in force for {found.year_label}; licenses due by "
            f"{us_date(found.due_date)}",
            RIGHT_SMALL,
        ),
    ]
    if found.made_on is not None:
        right.append(para(f"As of {us_date(found.made_on)}", RIGHT_BOLD))
    return heading_table(heading, right, width, compact=True)


def _story(found: UnlicensedList, heading: OfficeHeading) -> list[Flowable]:
    width = frame_width(PAGE, MARGIN)
    story: list[Flowable] = [_heading(found, heading, width), Spacer(1, 6)]
    as_of = us_date(found.made_on) if found.made_on else "the day it was drawn up"
    story.append(
        para(
            f"Every dog on file, {found.license_age_months} months old or "
            f"older (or of unknown age), that held no license for {found.year_label} on "
            f"{as_of}: not renewed, unlicensed for years, or never licensed. None was "
            "recorded as deceased, moved, transferred or lost by then, nor kept under a kennel "
            "license. Only records as they stood on that day are read. Each amount is what "
            f"the counter would take on {as_of}, late fees included. The clerk furnishes this "
            f"list to the animal control officer under {STATUTE}.",
            BODY,
        )
    )
    if found.before_due:
        story += [
            Spacer(1, 6),
            Banner(
                f"Drawn up before the due date ({us_date(found.due_date)}): these dogs are not "
                "late yet.",
                MARK_RED,
            ),
        ]
    story.append(Spacer(1, 8))
    groups = found.streets
    if not groups:
        story.append(
            para(
                f"No dog of licensing age on file was kept without a license for "
                f"{found.year_label} on {as_of}.",
                BODY,
            )
        )
        return story + left_out_story(found, width) + census_story(found, width)
    story.append(column_head(width))
    story += [_street_table(group, width) for group in groups]
    story.append(Spacer(1, 10))
    story.append(
        para(
            f"Total: {counted(len(found.rows), 'dog')} of {counted(found.owners, 'owner')} "
            f"on {counted(len(groups), 'street')}; {found.never_licensed} never licensed; "
            f"${money(found.total_due)} due on {as_of}.",
            TOTAL,
        )
    )
    return story + left_out_story(found, width) + census_story(found, width)


def left_out_story(found: UnlicensedList, width: float) -> list[Flowable]:
    """The dogs on file not on the list, counted by why: the list's own check."""
    if not found.left_out:
        return []
    body = [
        [para(f"{left.words[:1].upper()}{left.words[1:]}", CELL), para(f"{left.dogs:,}", CELL)]
        for left in found.left_out
    ]
    total = sum(left.dogs for left in found.left_out)
    body.append([para("Left out in all", CELL_BOLD), para(f"{total:,}", CELL_BOLD)])
    table = Table(body, colWidths=[3.6 * inch, 0.8 * inch], hAlign="LEFT")
    table.setStyle(
        TableStyle([*BASE_STYLE, ("ALIGN", (1, 0), (1, -1), "RIGHT"),
                    ("LINEBELOW", (0, 0), (-1, -2), 0.25, RULE),
                    ("LINEABOVE", (0, -1), (-1, -1), 0.6, INK)])
    )  # fmt: skip
    return [
        Spacer(1, 12),
        KeepTogether(
            [
                para("Dogs on file left off the list, and why", STREET),
                Spacer(1, 3),
                table,
            ]
        ),
    ]


CENSUS_COLUMNS: tuple[tuple[str, float], ...] = (
    ("Address", 1.9),
    ("Residents", 2.2),
    ("Dogs", 0.5),
    ("Owner on file", 2.2),
    ("Source", 3.2),
)


def census_story(found: UnlicensedList, width: float) -> list[Flowable]:
    """The census's households reporting dogs with none licensed, each with its source."""
    if not found.households:
        return []
    whole = sum(share for _, share in CENSUS_COLUMNS)
    widths = [width * share / whole for _, share in CENSUS_COLUMNS]
    body: list[list[Any]] = [[para(name, CELL_BOLD) for name, _ in CENSUS_COLUMNS]]
    for house in found.households:
        owner = house.owners or "—"
        body.append(
            [
                para(house.address, CELL),
                para(house.residents or "—", CELL),
                para(str(house.dogs), CELL),
                para(f"{owner} ({house.matched})", CELL),
                para(house.source, CELL),
            ]
        )
    table = Table(body, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle([*BASE_STYLE, ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                    ("LINEBELOW", (0, 0), (-1, -2), 0.25, RULE)])
    )  # fmt: skip
    households = counted(len(found.households), "household")
    return [
        Spacer(1, 14),
        para(f"Census of {found.year}: households that keep dogs with none licensed", STREET),
        Spacer(1, 3),
        para(
            f"{households} told the {found.year} census they keep dogs, and no dog at "
            f"the address holds a license for {found.year_label}. Each is evidence for "
            f"the officer under {STATUTE}, with the census record it comes from.",
            NOTE,
        ),
        Spacer(1, 4),
        table,
    ]


def _later_page(canvas: Canvas, _document: Any) -> None:
    """The column names at the top of a page the list runs onto."""
    width = frame_width(PAGE, MARGIN)
    head = column_head(width)
    _, height = head.wrap(width, PAGE[1])
    head.drawOn(canvas, MARGIN, PAGE[1] - MARGIN - height)


def render_unlicensed_pdf(
    found: UnlicensedList, *, heading: OfficeHeading | None = None, invariant: bool | None = None
) -> bytes:
    """The list as PDF bytes; ``heading`` when the list carries none of its own."""
    office = heading or found.heading or OfficeHeading("", "Office of the Clerk", "")
    out = io.BytesIO()
    title = f"Dogs not licensed for {found.year_label}"
    document = report_document(
        out, pagesize=PAGE, margin=MARGIN, title=title, author=office.town, invariant=invariant
    )
    width = frame_width(PAGE, MARGIN)
    head = column_head(width).wrap(width, PAGE[1])[1]
    body = PAGE[1] - MARGIN - BOTTOM
    cover_width = frame_width(LETTER, COVER_MARGIN)
    cover = Frame(
        COVER_MARGIN, BOTTOM, cover_width, LETTER[1] - COVER_MARGIN - BOTTOM, **NO_PADDING,
        id="cover",
    )  # fmt: skip
    first = Frame(MARGIN, BOTTOM, width, body, **NO_PADDING, id="first")
    later = Frame(MARGIN, BOTTOM, width, body - head, **NO_PADDING, id="later")
    document.addPageTemplates(
        [
            PageTemplate("cover", [cover], pagesize=LETTER),
            PageTemplate("first", [first], pagesize=PAGE),
            PageTemplate("later", [later], onPage=_later_page, pagesize=PAGE),
        ]
    )
    footer = f"{office.town} — {title} ({STATUTE})"
    story = [
        NextPageTemplate("first"),
        *warrant_cover(found, office, cover_width),
        PageBreak(),
        NextPageTemplate("later"),
        *_story(found, office),
    ]
    document.build(story, canvasmaker=numbered_canvas(footer, MARGIN))
    return out.getvalue()


def column_names() -> Sequence[str]:
    return [name for name, _ in COLUMNS]

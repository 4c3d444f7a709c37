"""The cover page of the §151A list: the warrant the select board (or the mayor) issues to
the animal control officer each year, with the clerk's list annexed.

MGL c.140 §151A has the mayor or select board issue the warrant annually, directing the
officer to seek out, catch and confine the dogs in town not licensed, collared or tagged as
the chapter requires, and to complain against their owners or keepers. Offices print it as
a one-page form: the Commonwealth and county, the officer it is addressed to, the command in
the statute's terms, the date to make return by, the signatures of the board, then the
clerk's certificate of the list and the officer's return. The words here are ClerkDesk's
own; the town's counsel may prefer its own form, and the list prints behind either.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from clerkdesk.reports.documents import OfficeHeading
from clerkdesk.reports.layout import (
    INK,
    MUTED,
    RULE,
    esc,
    heading_table,
    markup,
    money,
    para,
    style,
)
from clerkdesk.reports.unlicensed_data import STATUTE, UnlicensedList
from clerkdesk.rules.counts import counted
from clerkdesk.rules.dates import us_date

TITLE = style(15, bold=True, alignment=TA_CENTER)
SUBTITLE = style(10, alignment=TA_CENTER, color=MUTED)
BODY = style(10.5)
SMALL = style(8.5, color=MUTED)
LABEL = style(8.5, color=MUTED)
VALUE = style(10.5, bold=True)
SIGN = style(9, color=MUTED)


def _facts(found: UnlicensedList, town: str) -> Table:
    owners = counted(found.owners, "owner")
    as_of = us_date(found.made_on) if found.made_on else "—"
    rows = [
        ("Town", town),
        ("License year", f"{found.year_label} (licenses due by {us_date(found.due_date)})"),
        ("List as of", as_of),
        ("Dogs on the list", f"{counted(len(found.rows), 'dog')} of {owners}"),
        ("Never licensed", counted(found.never_licensed, "dog")),
        ("Amount due on the list", f"${money(found.total_due)} on {as_of}"),
    ]
    table = Table(
        [[para(label, LABEL), para(value, VALUE)] for label, value in rows],
        colWidths=[1.9 * inch, 4.6 * inch],
    )
    table.setStyle(
        TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ])
    )  # fmt: skip
    return table


def _lines(names: list[str], width: float) -> Table:
    """Signature lines side by side, each with its name or office under it."""
    cell = width / len(names)
    table = Table(
        [["" for _ in names], [para(name, SIGN) for name in names]],
        colWidths=[cell] * len(names),
        rowHeights=[0.45 * inch, None],
    )
    commands: list[tuple[Any, ...]] = [
        ("LEFTPADDING", (0, 0), (-1, -1), 6),
        ("RIGHTPADDING", (0, 0), (-1, -1), 14),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]
    for column in range(len(names)):
        commands.append(("LINEBELOW", (column, 0), (column, 0), 0.7, INK))
    table.setStyle(TableStyle(commands))
    return table


def warrant_cover(found: UnlicensedList, heading: OfficeHeading, width: float) -> list[Flowable]:
    """The warrant, the clerk's certificate of the list and the officer's return."""
    town = heading.town or "the Town"
    block = found.signatures
    place = "City" if block.issuer == "Mayor" else "Town"
    # The profile names the town as "Town of Westborough"; a bare name gets its word.
    named = (
        town
        if town.lower().startswith(("town of", "city of", "the "))
        else f"the {place} of {town}"
    )
    dogs = counted(len(found.rows), "dog")
    as_of = us_date(found.made_on) if found.made_on else "the date below"
    months = found.license_age_months
    story: list[Flowable] = [
        heading_table(heading, [para(f"Warrant — {STATUTE}", SUBTITLE)], width, compact=True),
        Spacer(1, 14),
        para("Commonwealth of Massachusetts", SUBTITLE),
        Spacer(1, 2),
        para("Warrant for Unlicensed Dogs", TITLE),
        Spacer(1, 12),
        _facts(found, town),
        Spacer(1, 14),
        markup(f"To the Animal Control Officer of {esc(named)}: Greeting.", BODY),
        Spacer(1, 6),
        markup(
            f"Under {STATUTE} you are directed to seek out, catch and confine every dog kept "
            f"in the {place.lower()} that is not licensed, collared or harnessed, and tagged "
            "as chapter 140 requires, and to enter and prosecute a complaint against the "
            "owner or keeper of each such dog, if known. Annexed is the clerk's list of "
            f"<b>{dogs}</b> of licensing age ({months} months and older) kept in the "
            f"{place.lower()} without a license for {esc(found.year_label)}, as the records "
            f"of this office stood on <b>{as_of}</b>.",
            BODY,
        ),
        Spacer(1, 6),
        para(
            "Make return of this warrant, with your doings on it, to the clerk on or before "
            "____________________.",
            BODY,
        ),
        Spacer(1, 10),
        para("Given under our hands on ____________________.", BODY),
        Spacer(1, 4),
    ]
    signers = ["Mayor"] if block.signers <= 1 else [block.issuer] * block.signers
    story.append(_lines(signers, width))
    clerk = block.clerk_name or " "
    certificate = [
        Spacer(1, 14),
        para("Clerk's certificate", VALUE),
        Spacer(1, 3),
        markup(
            f"I certify that the annexed list of {dogs} is a true list, from the records of "
            f"this office as they stood on {as_of}, of the dogs of licensing age kept in the "
            f"{place.lower()} and not licensed for {esc(found.year_label)}.",
            BODY,
        ),
        Spacer(1, 2),
        _lines([f"{clerk}, {block.clerk_title}".strip(", "), "Date"], width * 0.8),
    ]
    ret = [
        Spacer(1, 14),
        para("Officer's return", VALUE),
        Spacer(1, 3),
        para(
            "Received this warrant and the annexed list, and have done as directed; my "
            "doings are noted on the list.",
            BODY,
        ),
        Spacer(1, 2),
        _lines(["Animal Control Officer", "Date"], width * 0.8),
    ]
    return [*story, KeepTogether(certificate), KeepTogether(ret)]

"""Notices a resident can act on, read back from the rendered pages: where to renew, the
return stub, the level, no payment asked of an exempt owner, postcards that become
letters rather than drop a dog, and names and addresses that stay inside their boxes."""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
from decimal import Decimal

import pytest
from notice_literals import SET, dog, notice
from notice_pages import glyphs, outside, overprinted, page_count, within
from pypdf import PdfReader
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from clerkdesk.reports.address_block import window_box
from clerkdesk.reports.layout import FONT, LETTER
from clerkdesk.reports.notice_data import Notice, NoticeSet, ScheduleStep
from clerkdesk.reports.notice_summary import NoticeSummary
from clerkdesk.reports.renewal_notices_pdf import NoticesPdf
from clerkdesk.rules.kinds import NoticeLevel

NAME_60 = "Maximiliana Bartholomew-Featherstonehaugh Worthington-Smythe"
STREET_60 = "1234 Great Plain Avenue Extension, Apartment 12B, Rear Build"
LONG_DOG = "Sir Reginald Barkington of Westborough Commons the Third"
OFFICE = dataclasses.replace(
    SET.heading,
    address=("Town Hall, 34 West Main Street", "Westborough, MA 01581"),
    hours="Monday to Friday, 8:30 AM to 4:30 PM",
    phone="508-555-0100",
)
WITH_OFFICE = dataclasses.replace(SET, heading=OFFICE)


def _run(
    notices: list[Notice], s: NoticeSet = SET, *, postcards: bool = False
) -> tuple[bytes, NoticeSummary]:
    out = io.BytesIO()
    drawer = NoticesPdf(out, s, postcards=postcards)
    for n in notices:
        drawer.add(n)
    drawer.close()
    return out.getvalue(), drawer.summary


def _text(data: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)


def _stress_owner(owner_id: int = 60, dogs: int = 12) -> Notice:
    return Notice(
        owner_id,
        NAME_60,
        (STREET_60, "Westborough, MA 01581"),
        tuple(
            dataclasses.replace(dog(owner_id * 100 + i), name=f"{LONG_DOG} {i}")
            for i in range(dogs)
        ),
        (),
    )


def _exempt_owner(owner_id: int = 70) -> Notice:
    free = [
        dataclasses.replace(
            dog(owner_id * 100 + i), amount_now=Decimal("0.00"), amount_late=Decimal("0.00")
        )
        for i in range(2)
    ]
    return Notice(
        owner_id, "Senior Exempt Owner", ("7 Oak St", "Westborough, MA 01581"), tuple(free), ()
    )


def _every_page_clean(data: bytes) -> None:
    """No character over another; none within ¼ inch of the sheet's edge."""
    width, height = LETTER
    for page in range(page_count(data)):
        found = glyphs(data, page)
        assert not overprinted(found), (page, overprinted(found)[:3])
        assert not outside(
            found, 0.25 * inch, 0.25 * inch, width - 0.25 * inch, height - 0.25 * inch
        )


def test_the_office_address_hours_and_where_to_mail_are_on_the_letter_and_its_stub() -> None:
    data, _ = _run([notice(1, dogs=2)], WITH_OFFICE)
    text = _text(data)
    assert "Town Hall, 34 West Main Street" in text
    assert "Open Monday to Friday, 8:30 AM to 4:30 PM" in text
    assert "508-555-0100" in text
    assert "Mail to: Office of the Town Clerk" in text
    assert "Check payable to Town of Westborough" in text


def test_without_an_office_address_the_notice_says_bring_or_mail_to_the_town_clerk() -> None:
    text = _text(_run([notice(1)])[0])
    assert "to the Town Clerk, Town of Westborough" in text
    assert "Mail to: Town Clerk, Town of Westborough" in text


def test_the_stub_is_below_a_cut_line_with_a_box_for_each_dog_and_the_amount_enclosed() -> None:
    data, _ = _run([notice(1, dogs=2)])
    assert page_count(data) == 1
    text = _text(data)
    for words in ("Cut here", "Return stub", "Renew", "Died", "Moved away", "No longer own"):
        assert words in text
    assert "Amount enclosed" in text and "Due now: $20.00" in text
    # The stub names each dog with its license, below the letter's own table
    found = glyphs(data, 0)
    cut = min(g.top for g in found if g.char == "✂")
    below = "".join(g.char for g in found if g.top < cut)
    assert "Dog100" in below and "2026–27no.101" in below


def test_the_title_names_the_level() -> None:
    assert "First notice: dog license renewal" in _text(_run([notice(1)])[0])
    reminder = dataclasses.replace(
        SET, reminder=True, level=NoticeLevel.REMINDER, dated=dt.date(2027, 6, 15)
    )
    assert "Reminder: dog license for 2027–28 not renewed" in _text(_run([notice(1)], reminder)[0])


def test_an_exempt_owner_is_told_no_fee_and_asked_for_no_payment() -> None:
    data, _ = _run([_exempt_owner()], WITH_OFFICE)
    text = _text(data)
    assert "No fee — renewal still required" in text
    assert "$0.00" not in text
    assert "Amount enclosed" not in text and "Check payable" not in text
    cards, _ = _run([_exempt_owner()], WITH_OFFICE, postcards=True)
    card = _text(cards)
    assert "No fee — renewal still required" in card and "$0.00" not in card
    assert "check payable" not in card


def test_a_60_character_name_and_12_dogs_fit_their_columns_and_the_window() -> None:
    data, summary = _run([_stress_owner()], WITH_OFFICE)
    assert summary.cut == []
    _every_page_clean(data)
    box = window_box(LETTER[1])
    for page in range(page_count(data)):
        found = glyphs(data, page)
        in_window = within(found, box.bottom, box.top)
        assert in_window, "the address is in the window's band"
        assert not outside(in_window, box.left, box.bottom, box.left + box.width, box.top)
    text = _text(data).replace("\n", " ")
    for i in range(12):
        assert f"{LONG_DOG} {i}".split()[-1] in text
    assert text.count("Worthington-Smythe") >= 2  # the window, the greeting, the stub


def test_an_address_too_long_for_the_window_is_cut_and_the_run_says_so() -> None:
    owner = Notice(
        5, NAME_60 * 3, ("1 Elm St", "Apt 2", "Rear", "Westborough, MA 01581"), (dog(1),), ()
    )
    data, summary = _run([owner])
    assert [(n, where) for n, where, _ in summary.cut] == [(5, "envelope window")]
    assert any("envelope window cut to fit" in line for line in summary.lines())
    box = window_box(LETTER[1])
    in_window = within(glyphs(data, 0), box.bottom, box.top)
    assert not outside(in_window, box.left, box.bottom, box.left + box.width, box.top)
    assert "Westborough, MA 01581" in _text(data)  # the town line is never the one cut


def test_a_postcard_that_cannot_hold_every_dog_becomes_a_letter_and_the_run_says_so() -> None:
    big = _stress_owner(61, dogs=14)
    data, summary = _run([notice(1, dogs=2), big, notice(3)], WITH_OFFICE, postcards=True)
    assert [n for n, _, _ in summary.letters_instead] == [61]
    assert summary.letters_from_page == 2
    lines = summary.lines()
    assert "1 owner's notice does not fit a postcard" in lines[0] and "page 2" in lines[0]
    reader = PdfReader(io.BytesIO(data))
    cards = reader.pages[0].extract_text()
    assert "Owner 1 " in cards and "Owner 3 " in cards and "Worthington" not in cards
    letters = "\n".join(p.extract_text() for p in reader.pages[1:]).replace("\n", " ")
    assert all(f"Commons the Third {i}" in letters for i in range(14))
    assert "more: ask the office" not in _text(data)
    _every_page_clean(data)


@pytest.mark.parametrize("dogs", [1, 4, 12])
def test_a_card_lists_every_dog_it_holds(dogs: int) -> None:
    data, summary = _run([notice(1, dogs=dogs)], WITH_OFFICE, postcards=True)
    assert summary.letters_instead == []
    text = _text(data)
    assert all(f"Dog {100 + i}" in text for i in range(dogs))
    _every_page_clean(data)


def test_a_long_name_on_a_card_wraps_inside_the_address_side() -> None:
    owner = dataclasses.replace(notice(1, dogs=2), owner_name=NAME_60)
    data, summary = _run([owner], WITH_OFFICE, postcards=True)
    assert summary.letters_instead == [] and summary.cut == []
    text = _text(data).replace("\n", " ")
    assert "Maximiliana Bartholomew-Featherstonehaugh" in text and "Worthington-Smythe" in text
    _every_page_clean(data)


def test_the_page_reader_sees_text_printed_over_text_and_past_a_box() -> None:
    out = io.BytesIO()
    c = Canvas(out, pagesize=LETTER)
    c.setFont(FONT, 10)
    c.drawString(72, 500, "Moved away")
    c.drawString(120, 500, "No longer own")
    c.showPage()
    c.save()
    found = glyphs(out.getvalue(), 0)
    assert overprinted(found)
    assert outside(found, 72, 490, 150, 520)


def _schedule(first: dt.date, totals: list[str]) -> tuple[ScheduleStep, ...]:
    steps = []
    for i, total in enumerate(totals):
        starts = first + dt.timedelta(days=7 * i)
        ends = starts + dt.timedelta(days=6) if i + 1 < len(totals) else None
        steps.append(ScheduleStep(starts, ends, Decimal(total)))
    return tuple(steps)


FINAL = dataclasses.replace(
    WITH_OFFICE,
    reminder=True,
    level=NoticeLevel.FINAL,
    dated=dt.date(2027, 6, 15),
    quoted_on=dt.date(2027, 6, 15),
    growth_words="$1.00 more for each week or part of a week (Art. 19 §2C)",
    consequence="A dog still not licensed is listed for the animal control officer (MGL c.140 "
    "§151A), and fined $50 under the town's bylaw (Art. 19 §2D).",
)


def test_a_final_notice_names_the_consequence_and_the_amount_on_each_day_ahead() -> None:
    # GIVEN a final notice whose total grows each week from its date
    owner = dataclasses.replace(
        notice(1, dogs=2),
        schedule=_schedule(dt.date(2027, 6, 15), ["28.00", "30.00", "32.00"]),
        schedule_more=True,
    )
    # WHEN it is printed as a letter and as a postcard
    letter, _ = _run([owner], FINAL)
    card, summary = _run([owner], FINAL, postcards=True)
    # THEN both name the level and what follows, and give the total on each day
    text = _text(letter).replace("\n", " ")
    assert "Final notice: dog license for 2027–28 not renewed" in text
    assert "fined $50 under the town's bylaw (Art. 19 §2D)" in text
    assert "Amount by the day you renew" in text
    assert "06/15/2027 to 06/21/2027 $28.00" in text and "From 06/29/2027 $32.00" in text
    assert "$1.00 more for each week" in text
    assert "Due to 06/21/2027: $28.00" in text  # the stub: the amount until it changes
    assert summary.letters_instead == []
    on_card = _text(card).replace("\n", " ")
    assert "Final notice" in on_card and "Art. 19 §2D" in on_card
    assert "06/22/2027 to 06/28/2027: $30.00" in on_card
    _every_page_clean(letter)
    _every_page_clean(card)


def test_a_final_notice_without_the_towns_words_gives_the_statutes() -> None:
    text = _text(_run([notice(1)], dataclasses.replace(FINAL, consequence=""))[0])
    assert "MGL c.140 §151A" in text and "MGL c.140 §141" in text


def test_a_notice_marked_exempt_asks_for_no_payment() -> None:
    owner = dataclasses.replace(notice(1), exempt=True)
    text = _text(_run([owner])[0])
    assert "No fee — renewal still required" in text and "Amount enclosed" not in text

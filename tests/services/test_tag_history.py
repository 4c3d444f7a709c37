"""A tag number's history across license years, with replacements both ways, and the year's
tags read a page at a time."""

from __future__ import annotations

import pytest

from actors import staff
from clerkdesk.errors import ValidationError
from clerkdesk.models import TagMarkKind
from clerkdesk.services import dog_changes, licensing
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.tag_history import parse_tag, tag_history, year_tags
from clerkdesk.services.tag_marks import MarkTag, clear_mark, mark_tag
from small_town import CLERK, Town, check


@pytest.fixture
def replaced(town: Town) -> Town:
    """Rex licensed this year with tag 1, which Jane lost: tag 2 replaced it. Last year Rex
    held tag 1 and Bella tag 2."""
    sold = licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    license_id = sold.licenses[0].license_id
    dog_changes.replace_tag(
        town.database, license_id, (check("8"),), new_tag=None, actor=CLERK, clock=town.clock
    )
    return town


def test_a_lost_tag_names_its_replacement_and_the_replacement_the_lost_tag(
    replaced: Town,
) -> None:
    one = tag_history(replaced.database, 1)
    assert [(e.license_year_label, e.status, e.dog_name) for e in one.entries] == [
        ("2026–27", "lost", "Rex"),
        ("2025–26", "issued", "Rex"),
    ]
    assert (one.entries[0].replaced_by, one.entries[0].replaces) == (2, None)
    assert one.entries[0].owner_name == "Jane Doe"
    two = tag_history(replaced.database, 2)
    assert [(e.license_year_label, e.status, e.dog_name) for e in two.entries] == [
        ("2026–27", "issued", "Rex"),
        ("2025–26", "issued", "Bella"),
    ]
    assert (two.entries[0].replaces, two.entries[0].replaced_by) == (1, None)
    assert two.entries[0].license_number == one.entries[0].license_number


def test_spare_and_marked_numbers_show_their_marks_cleared_ones_too(town: Town) -> None:
    mark_tag(
        town.database, MarkTag(2026, 7, TagMarkKind.VOID, "bent"), actor=CLERK, clock=town.clock
    )
    clear_mark(town.database, 2026, 7, "not bent", actor=staff("ann"), clock=town.clock)
    mark_tag(
        town.database, MarkTag(2026, 7, TagMarkKind.LOST, "gone"), actor=CLERK, clock=town.clock
    )
    seven = tag_history(town.database, 7)
    this_year, last_year = seven.entries
    assert (this_year.status, last_year.status) == ("lost", "spare")
    assert [(m.kind, m.reason, m.cleared_reason) for m in this_year.marks] == [
        (TagMarkKind.VOID, "bent", "not bent"),
        (TagMarkKind.LOST, "gone", None),
    ]
    assert tag_history(town.database, 5000).entries == ()


@pytest.mark.parametrize("text", ["", "abc", "0", "W-", "123456789", "5 5", "٣"])
def test_a_typed_tag_that_is_not_a_number_is_refused(text: str) -> None:
    with pytest.raises(ValidationError, match="Type a tag number"):
        parse_tag(text)


@pytest.mark.parametrize(("text", "number"), [("5003", 5003), ("W-5003", 5003), ("w 12", 12)])
def test_a_typed_tag_may_carry_its_prefix(text: str, number: int) -> None:
    assert parse_tag(text) == number


def test_the_years_tags_come_a_page_at_a_time_by_number(replaced: Town) -> None:
    for number in range(10, 22):
        mark_tag(
            replaced.database,
            MarkTag(2026, number, TagMarkKind.VOID, f"spoiled {number}"),
            actor=CLERK,
            clock=replaced.clock,
        )
    first = year_tags(replaced.database, 2026, clock=replaced.clock, limit=5)
    assert [(r.number, r.status) for r in first.rows] == [
        (1, "lost"),
        (2, "issued"),
        (10, "void"),
        (11, "void"),
        (12, "void"),
    ]
    assert first.more and first.rows[0].dog_name == "Rex"
    numbers = [r.number for r in first.rows]
    page = first
    while page.more:
        page = year_tags(
            replaced.database, 2026, clock=replaced.clock, limit=5, after=page.rows[-1].number
        )
        numbers += [r.number for r in page.rows]
    assert numbers == [1, 2, *range(10, 22)]
    lost = year_tags(replaced.database, 2026, clock=replaced.clock, state="lost")
    assert [r.number for r in lost.rows] == [1] and not lost.more
    voided = year_tags(replaced.database, 2026, clock=replaced.clock, state="void", limit=3)
    assert [r.reason for r in voided.rows] == ["spoiled 10", "spoiled 11", "spoiled 12"]
    with pytest.raises(ValidationError, match="Choose one of"):
        year_tags(replaced.database, 2026, clock=replaced.clock, state="eaten")

"""Spare tags voided or lost, tags returned by owners, mistaken marks cleared; the year's
counts; and what a tag range records about the tags' looks."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from actors import staff
from clerkdesk.errors import ValidationError
from clerkdesk.models import TagMark, TagMarkKind
from clerkdesk.services import dog_changes, licensing, tags
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.tag_marks import MarkTag, clear_mark, mark_tag
from clerkdesk.services.tags import ReceiveTags
from small_town import CLERK, THIS_YEAR, Town, check


def _mark(town: Town, number: int, kind: TagMarkKind, reason: str | None = "spoiled") -> None:
    mark_tag(town.database, MarkTag(2026, number, kind, reason), actor=CLERK, clock=town.clock)


def _license(
    town: Town, tag: int | None = None, dog: int | None = None
) -> licensing.CheckoutResult:
    return licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(dog or town.rex, tag_number=tag),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )


def _marks(town: Town) -> int:
    with town.database.read() as session:
        return session.scalar(select(func.count()).select_from(TagMark)) or 0


def test_a_voided_spare_tag_is_never_proposed_nor_accepted(town: Town) -> None:
    # GIVEN tags 1 and 2 of this year voided (misprinted)
    _mark(town, 1, TagMarkKind.VOID, "misprinted")
    _mark(town, 2, TagMarkKind.LOST, "dropped behind the counter")

    # THEN the counter proposes 3, and refuses 1 typed in
    summary = tags.stock_summary(town.database, THIS_YEAR)
    assert summary.next_tag == 3
    assert (summary.received, summary.issued, summary.spare) == (100, 0, 98)
    assert (summary.counts.voided, summary.counts.lost, summary.counts.returned) == (1, 1, 0)
    with pytest.raises(ValidationError, match=r"Tag 1 was voided on 06/01/2026 \(misprinted\)"):
        _license(town, 1)
    assert _license(town).licenses[0].tag_number == 3


def test_marks_ahead_of_the_highest_tag_given_out_are_passed_over(town: Town) -> None:
    _license(town, 10)
    for number in (11, 12, 14):
        _mark(town, number, TagMarkKind.VOID)
    summary = tags.stock_summary(town.database, THIS_YEAR)
    assert summary.next_tag == 13
    assert summary.ranges[0].marked == 3 and summary.ranges[0].left == 100 - 1 - 3


def test_a_range_whose_last_spare_tags_are_voided_is_used_up(town: Town) -> None:
    tags.receive_stock(town.database, THIS_YEAR, 200, 201, actor=CLERK, clock=town.clock)
    _license(town, 100)
    for number in (200, 201):
        _mark(town, number, TagMarkKind.VOID)
    summary = tags.stock_summary(town.database, THIS_YEAR)
    assert [r.next_free for r in summary.ranges] == [None, None]
    assert summary.next_tag is None


@pytest.mark.parametrize(
    ("number", "kind", "reason", "message"),
    [
        (1, TagMarkKind.VOID, "", "Say why"),
        (1, TagMarkKind.VOID, "   ", "Say why"),
        (1, TagMarkKind.LOST, "x" * 201, "longer than 200 characters"),
        (1, TagMarkKind.VOID, "bad\x00byte", "The reason holds a zero byte"),
        (101, TagMarkKind.VOID, "spoiled", "Tag 101 is not in the tag stock"),
        (1, TagMarkKind.RETURNED, None, "never given out"),
    ],
)
def test_a_bad_mark_is_refused_and_nothing_is_written(
    town: Town, number: int, kind: TagMarkKind, reason: str, message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        _mark(town, number, kind, reason)
    assert _marks(town) == 0


def test_a_year_out_of_reach_is_refused(town: Town) -> None:
    with pytest.raises(ValidationError, match="License year 1990 is out of reach"):
        mark_tag(
            town.database,
            MarkTag(1990, 1, TagMarkKind.VOID, "x"),
            actor=CLERK,
            clock=town.clock,
        )


def test_an_issued_tag_cannot_be_voided_and_a_marked_one_not_marked_again(town: Town) -> None:
    _license(town, 5)
    with pytest.raises(ValidationError, match="only a spare tag can be voided"):
        _mark(town, 5, TagMarkKind.VOID)
    _mark(town, 6, TagMarkKind.VOID, "torn")
    with pytest.raises(ValidationError, match=r"Tag 6 was already voided .* by clerk \(torn\)"):
        _mark(town, 6, TagMarkKind.LOST)
    assert _marks(town) == 1


def test_a_returned_tag_stays_with_its_license_and_counts_as_returned(town: Town) -> None:
    # GIVEN Rex licensed with tag 1 this year
    sold = _license(town)
    assert sold.licenses[0].tag_number == 1
    # WHEN Jane hands the tag back (Rex died), without a reason
    _mark(town, 1, TagMarkKind.RETURNED, None)
    # THEN it counts as returned, stays issued and is not given out again
    summary = tags.stock_summary(town.database, THIS_YEAR)
    assert (summary.issued, summary.counts.returned, summary.spare, summary.next_tag) == (
        1,
        1,
        99,
        2,
    )
    with pytest.raises(ValidationError, match="already given out"):
        _license(town, 1, town.bella)
    with pytest.raises(ValidationError, match="already marked returned"):
        _mark(town, 1, TagMarkKind.RETURNED)


def test_a_tag_lost_by_its_owner_is_counted_lost_and_cannot_be_returned(town: Town) -> None:
    license_id = _license(town).licenses[0].license_id
    dog_changes.replace_tag(
        town.database, license_id, (check("7"),), new_tag=None, actor=CLERK, clock=town.clock
    )
    summary = tags.stock_summary(town.database, THIS_YEAR)
    assert (summary.issued, summary.counts.lost_issued, summary.counts.lost) == (2, 1, 1)
    with pytest.raises(ValidationError, match="recorded as lost"):
        _mark(town, 1, TagMarkKind.RETURNED)


def test_a_mistaken_mark_is_cleared_kept_on_file_and_the_tag_is_spare_again(town: Town) -> None:
    _mark(town, 1, TagMarkKind.VOID, "looked bent")
    cleared = clear_mark(
        town.database, 2026, 1, "it was fine", actor=staff("ann"), clock=town.clock
    )
    assert (cleared.kind, cleared.cleared_by) == (TagMarkKind.VOID, "ann")
    assert tags.stock_summary(town.database, THIS_YEAR).next_tag == 1
    with town.database.read() as session:
        mark = session.scalars(select(TagMark)).one()
        assert (mark.reason, mark.cleared_reason, mark.cleared_by) == (
            "looked bent",
            "it was fine",
            "ann",
        )
    # AND it can be marked again, the cleared mark staying on file beside it
    _mark(town, 1, TagMarkKind.LOST, "gone after all")
    assert _marks(town) == 2
    with pytest.raises(ValidationError, match="Say why"):
        clear_mark(town.database, 2026, 1, " ", actor=staff("ann"), clock=town.clock)
    with pytest.raises(ValidationError, match="carries no mark"):
        clear_mark(town.database, 2026, 2, "oops", actor=staff("ann"), clock=town.clock)


def test_a_range_records_prefix_shape_color_and_how_it_is_made(town: Town) -> None:
    received = tags.receive_tags(
        town.database,
        ReceiveTags(2026, 101, 200, None, " W- ", "Heart", " light   Blue ", True),
        actor=CLERK,
        clock=town.clock,
    )
    assert (received.prefix, received.shape, received.color, received.printed_in_house) == (
        "W-",
        "heart",
        "light blue",
        True,
    )
    # A later range left blank takes the year's looks; a different one is refused
    later = tags.receive_tags(
        town.database, ReceiveTags(2026, 201, 300), actor=CLERK, clock=town.clock
    )
    assert (later.shape, later.color, later.printed_in_house) == ("heart", "light blue", False)
    with pytest.raises(ValidationError, match="recorded as shape 'heart', not 'bone'") as caught:
        tags.receive_tags(
            town.database, ReceiveTags(2026, 301, 400, shape="bone"), actor=CLERK, clock=town.clock
        )
    assert caught.value.field == "shape"
    summary = tags.stock_summary(town.database, THIS_YEAR)
    assert (summary.shape, summary.color) == ("heart", "light blue")
    assert summary.ranges[1].looks == "light blue heart, printed in-house"
    assert summary.ranges[0].looks == "pre-stamped"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"prefix": "TOO-LONG-X"}, "prefix"),
        ({"prefix": "W\u00e9"}, "prefix"),
        ({"prefix": "W;"}, "prefix"),
        ({"shape": "heart!"}, "shape"),
        ({"shape": "4"}, "shape"),
        ({"color": "x" * 21}, "color"),
    ],
)
def test_bad_looks_are_refused_beside_their_field(
    town: Town, changes: dict[str, str], field: str
) -> None:
    request = ReceiveTags(2026, 101, 200, **changes)  # type: ignore[arg-type]
    with pytest.raises(ValidationError) as caught:
        tags.receive_tags(town.database, request, actor=CLERK, clock=town.clock)
    assert caught.value.field == field
    assert len(tags.stock_summary(town.database, THIS_YEAR).ranges) == 1

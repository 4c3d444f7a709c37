"""Tag stock, lost tags and transfers: each number used once a year; fees on a receipt."""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlalchemy import select

from clerkdesk.errors import ValidationError
from clerkdesk.models import Dog, License, LicenseStatus, Receipt, TagIssue, TagStatus
from clerkdesk.services import dog_changes, licensing, tags
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from small_town import CLERK, THIS_YEAR, Town, check


def test_overlapping_stock_is_refused(town: Town) -> None:
    with pytest.raises(ValidationError, match="overlaps"):
        tags.receive_stock(town.database, THIS_YEAR, 90, 150, actor=CLERK, clock=town.clock)
    tags.receive_stock(town.database, THIS_YEAR, 101, 150, actor=CLERK, clock=town.clock)
    summary = tags.stock_summary(town.database, THIS_YEAR)
    assert (summary.received, summary.used, summary.next_tag) == (150, 0, 1)


def test_the_next_tag_follows_the_highest_given_out(town: Town) -> None:
    licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex, tag_number=40),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    assert tags.stock_summary(town.database, THIS_YEAR).next_tag == 41


def _licensed(town: Town) -> int:
    result = licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    return result.licenses[0].license_id


def test_a_lost_tag_is_replaced_for_the_duplicate_tag_fee(town: Town) -> None:
    license_id = _licensed(town)
    result = dog_changes.replace_tag(
        town.database, license_id, (check("77"),), new_tag=None, actor=CLERK, clock=town.clock
    )
    assert (result.total, result.tag_number) == (Decimal("1.00"), 2)
    with town.database.read() as session:
        issues = session.execute(
            select(TagIssue.tag_number, TagIssue.status)
            .where(TagIssue.license_id == license_id)
            .order_by(TagIssue.tag_number)
        ).all()
        receipt = session.get(Receipt, result.receipt_id)
        assert receipt is not None and receipt.lines[0].code == "duplicate_tag"
    assert [tuple(i) for i in issues] == [(1, TagStatus.LOST), (2, TagStatus.ISSUED)]


def test_a_transfer_moves_the_license_to_the_new_owner_for_the_fee(town: Town) -> None:
    license_id = _licensed(town)
    result = dog_changes.transfer_dog(
        town.database, town.rex, town.john, (check("5"),), actor=CLERK, clock=town.clock
    )
    assert result.total == Decimal("1.25")
    with town.database.read() as session:
        old = session.get(License, license_id)
        new = session.get(License, result.license_id)
        dog = session.get(Dog, town.rex)
        assert old is not None and new is not None and dog is not None
        assert old.status is LicenseStatus.TRANSFERRED
        assert (new.owner_id, new.tag_number, new.replaces_license_id) == (town.john, 1, old.id)
        assert dog.owner_id == town.john


def test_a_dog_with_no_license_in_force_changes_owner_without_a_fee(town: Town) -> None:
    result = dog_changes.transfer_dog(
        town.database, town.bella, town.john, (), actor=CLERK, clock=town.clock
    )
    assert result.receipt_id is None and result.total == Decimal("0.00")


def test_a_transfer_to_the_same_owner_is_refused(town: Town) -> None:
    with pytest.raises(ValidationError, match="already belongs"):
        dog_changes.transfer_dog(
            town.database, town.rex, town.jane, (), actor=CLERK, clock=town.clock
        )


def test_a_lost_tags_new_number_is_checked_before_any_money_is_taken(town: Town) -> None:
    # GIVEN Rex licensed for 2026–27 with tag 1 (tags 1–100 in stock), Bella with tag 2
    request = CheckoutRequest(
        town.jane, (LicenseItem(town.rex), LicenseItem(town.bella)), (check(),)
    )
    result = licensing.checkout(town.database, request, actor=CLERK, clock=town.clock)
    license_id = result.licenses[0].license_id
    before = tags.stock_summary(town.database, THIS_YEAR)

    # THEN a number in stock and unused is accepted, no number means the next of the stock
    assert dog_changes.check_replacement_tag(town.database, license_id, 57) == 57
    assert dog_changes.check_replacement_tag(town.database, license_id, None) == 3
    # and a number outside the stock, or given out already, is refused, naming the tag
    for number, words in ((500, "not in the tag stock"), (2, "already given out")):
        with pytest.raises(ValidationError) as refused:
            dog_changes.check_replacement_tag(town.database, license_id, number)
        assert refused.value.field == "tag"
        assert f"Tag {number} " in refused.value.message and words in refused.value.message
    # and checking writes nothing
    assert tags.stock_summary(town.database, THIS_YEAR) == before


def test_a_tag_cannot_be_replaced_on_a_license_not_on_file(town: Town) -> None:
    with pytest.raises(ValidationError, match="license in force") as refused:
        dog_changes.check_replacement_tag(town.database, 999_999, None)
    assert refused.value.field == "license"

"""Voiding a receipt: who may, why it is needed, what returns to how it stood, and the
ledger entry that records it."""

from __future__ import annotations

import datetime as dt
import threading
from decimal import Decimal

import pytest
from sqlalchemy import select

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    Dog,
    LedgerEntry,
    License,
    LicenseStatus,
    OwnerStatus,
    ReceiptVoid,
    TagIssue,
    TagStatus,
)
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.roles import Role
from clerkdesk.services import dog_changes, licensing, owner_card, people
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.voids import AlreadyVoided, VoidRefused, void_receipt
from small_town import CLERK, THIS_YEAR, Town, check

ANN = staff("ann", Role.CLERK, "front desk")


def _sell_rex(town: Town) -> licensing.CheckoutResult:
    return licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )


def _license(town: Town, license_id: int) -> License:
    with town.database.read() as session:
        row = session.get(License, license_id)
        assert row is not None
        return row


def _tags(town: Town, license_id: int) -> list[tuple[int, TagStatus]]:
    with town.database.read() as session:
        rows = session.execute(
            select(TagIssue.tag_number, TagIssue.status)
            .where(TagIssue.license_id == license_id)
            .order_by(TagIssue.id)
        ).all()
    return [(int(n), s) for n, s in rows]


def test_a_void_reverses_a_sale_and_the_dog_can_be_licensed_again(town: Town) -> None:
    # GIVEN Rex licensed this year on tag 1
    sale = _sell_rex(town)
    sold = sale.licenses[0]

    # WHEN ann voids the receipt
    result = void_receipt(
        town.database, sale.receipt_id, "  wrong   dog ", actor=ANN, clock=town.clock
    )

    # THEN the void carries the whole total, the day, ann and her workstation, on the chain
    assert (result.amount, result.business_day) == (sale.total, town.clock.today())
    with town.database.read() as session:
        void = session.get(ReceiptVoid, result.void_id)
        assert void is not None
        assert (void.reason, void.voided_by, void.workstation) == ("wrong dog", "ann", "front desk")
        link = session.scalars(
            select(LedgerEntry).where(
                LedgerEntry.kind == LedgerKind.VOID, LedgerEntry.record_id == void.id
            )
        ).one()
        assert link.seq > 1
    # AND the license and its tag are void, the reason naming the void
    row = _license(town, sold.license_id)
    assert row.status is LicenseStatus.VOID
    assert row.status_reason == "Voided 06/01/2026 by ann: wrong dog"
    assert _tags(town, sold.license_id) == [(1, TagStatus.VOID)]
    # AND the card says so, and the counter can sell Rex again, on the next tag
    card = owner_card.owner_card(town.database, town.jane, town.clock.today())
    rex = card.dog(town.rex)
    assert rex is not None and rex.held is None and rex.standing.can_license
    assert rex.voided == "Voided 06/01/2026 by ann: wrong dog"
    again = _sell_rex(town)
    assert again.licenses[0].tag_number == 2


def test_an_assistant_clerk_may_not_void(town: Town) -> None:
    sale = _sell_rex(town)
    with pytest.raises(PermissionDenied, match="may not void receipts"):
        void_receipt(
            town.database,
            sale.receipt_id,
            "wrong dog",
            actor=staff("amy", Role.ASSISTANT_CLERK),
            clock=town.clock,
        )
    assert _license(town, sale.licenses[0].license_id).status is LicenseStatus.ISSUED


@pytest.mark.parametrize(
    ("reason", "words"), [("", "Say why"), ("   ", "Say why"), ("x" * 301, "301 characters")]
)
def test_a_void_needs_a_short_reason(town: Town, reason: str, words: str) -> None:
    sale = _sell_rex(town)
    with pytest.raises(ValidationError, match=words):
        void_receipt(town.database, sale.receipt_id, reason, actor=ANN, clock=town.clock)


def test_a_receipt_is_voided_once(town: Town) -> None:
    sale = _sell_rex(town)
    void_receipt(town.database, sale.receipt_id, "wrong dog", actor=ANN, clock=town.clock)
    with pytest.raises(AlreadyVoided, match="already voided on 06/01/2026 by ann: wrong dog"):
        void_receipt(town.database, sale.receipt_id, "again", actor=CLERK, clock=town.clock)
    with pytest.raises(ValidationError, match="not on file"):
        void_receipt(town.database, 99999, "nothing", actor=CLERK, clock=town.clock)


def test_voiding_a_replacement_tag_gives_the_old_tag_back(town: Town) -> None:
    # GIVEN Rex licensed on tag 1, whose tag was then replaced by tag 2
    sale = _sell_rex(town)
    license_id = sale.licenses[0].license_id
    fee = dog_changes.replace_tag(
        town.database, license_id, (check("5"),), new_tag=None, actor=CLERK, clock=town.clock
    )
    assert fee.receipt_id is not None

    # WHEN the replacement's receipt is voided
    result = void_receipt(town.database, fee.receipt_id, "tag found", actor=ANN, clock=town.clock)

    # THEN tag 2 is void (never handed out again) and tag 1 is Rex's tag again
    assert result.amount == Decimal("1.00")
    assert _tags(town, license_id) == [(1, TagStatus.ISSUED), (2, TagStatus.VOID)]
    row = _license(town, license_id)
    assert (row.status, row.tag_number) == (LicenseStatus.ISSUED, 1)
    assert row.status_reason == "Replacement tag 2: Voided 06/01/2026 by ann: tag found"


def test_a_sale_with_a_later_replacement_tag_waits_for_that_void(town: Town) -> None:
    sale = _sell_rex(town)
    license_id = sale.licenses[0].license_id
    fee = dog_changes.replace_tag(
        town.database, license_id, (check("5"),), new_tag=None, actor=CLERK, clock=town.clock
    )
    with pytest.raises(VoidRefused, match=f"receipt {fee.receipt_label}: void that receipt"):
        void_receipt(town.database, sale.receipt_id, "wrong dog", actor=ANN, clock=town.clock)
    assert fee.receipt_id is not None
    void_receipt(town.database, fee.receipt_id, "tag found", actor=ANN, clock=town.clock)
    void_receipt(town.database, sale.receipt_id, "wrong dog", actor=ANN, clock=town.clock)
    assert _tags(town, license_id) == [(1, TagStatus.VOID), (2, TagStatus.VOID)]


def test_voiding_a_transfer_gives_the_dog_back_to_its_former_owner(town: Town) -> None:
    # GIVEN Rex licensed by Jane and then transferred with his license to John
    sale = _sell_rex(town)
    former = sale.licenses[0].license_id
    fee = dog_changes.transfer_dog(
        town.database, town.rex, town.john, (check("8"),), actor=CLERK, clock=town.clock
    )
    assert fee.receipt_id is not None and fee.license_id is not None

    # WHEN the transfer's receipt is voided
    result = void_receipt(
        town.database, fee.receipt_id, "wrong new owner", actor=ANN, clock=town.clock
    )

    # THEN Rex is Jane's again on the former license, with his tag; the moved one is void
    assert "back with Jane Doe" in result.undone[0]
    with town.database.read() as session:
        dog = session.get(Dog, town.rex)
        assert dog is not None and dog.owner_id == town.jane
    row = _license(town, former)
    assert (row.status, row.tag_number) == (LicenseStatus.ISSUED, 1)
    assert row.status_reason == "Transfer voided 06/01/2026 by ann: wrong new owner"
    assert _license(town, fee.license_id).status is LicenseStatus.VOID
    assert _tags(town, former) == [(1, TagStatus.ISSUED)]
    card = owner_card.owner_card(town.database, town.jane, town.clock.today())
    rex = card.dog(town.rex)
    assert rex is not None and rex.held is not None and rex.held.license_id == former
    # AND the original sale can now be voided in its turn
    void_receipt(town.database, sale.receipt_id, "wrong dog", actor=ANN, clock=town.clock)


def test_a_sale_transferred_since_waits_for_the_transfers_void(town: Town) -> None:
    sale = _sell_rex(town)
    fee = dog_changes.transfer_dog(
        town.database, town.rex, town.john, (check("8"),), actor=CLERK, clock=town.clock
    )
    with pytest.raises(VoidRefused, match=f"transferred now, on receipt {fee.receipt_label}"):
        void_receipt(town.database, sale.receipt_id, "wrong dog", actor=ANN, clock=town.clock)


def test_a_transfer_is_not_undone_to_an_owner_who_moved_away(town: Town) -> None:
    # GIVEN Rex transferred to John, and Jane since marked moved
    _sell_rex(town)
    fee = dog_changes.transfer_dog(
        town.database, town.rex, town.john, (check("8"),), actor=CLERK, clock=town.clock
    )
    assert fee.receipt_id is not None
    people.set_owner_status(
        town.database,
        town.jane,
        OwnerStatus.MOVED,
        on=town.clock.today(),
        actor=CLERK,
        clock=town.clock,
    )

    # WHEN the transfer is voided THEN it is refused, nothing changed
    with pytest.raises(VoidRefused, match="cannot go back to Jane Doe, who is marked moved"):
        void_receipt(town.database, fee.receipt_id, "oops", actor=ANN, clock=town.clock)
    with town.database.read() as session:
        assert session.scalars(select(ReceiptVoid)).all() == []


def test_payment_fee_lines_are_voided_with_the_receipt(town: Town) -> None:
    sale = _sell_rex(town)
    result = void_receipt(
        town.database, sale.receipt_id, "card declined", actor=ANN, clock=town.clock
    )
    assert result.amount == sale.total


def test_two_workstations_voiding_one_receipt_give_one_void(town: Town) -> None:
    # GIVEN Rex's sale, and two workstations each with its own connections
    sale = _sell_rex(town)
    url = town.database.url.render_as_string(hide_password=False)
    outcomes: list[str] = []
    start = threading.Barrier(2)

    def workstation(name: str) -> None:
        database = Database.open(url)
        try:
            start.wait()
            void_receipt(
                database,
                sale.receipt_id,
                f"voided at {name}",
                actor=staff(name, Role.CLERK, name),
                clock=town.clock,
            )
            outcomes.append("voided")
        except AlreadyVoided as exc:
            outcomes.append(f"refused: {exc}")
        except BaseException as exc:  # reported to the test thread below
            outcomes.append(f"raw: {exc!r}")
        finally:
            database.dispose()

    # WHEN both void it at the same moment
    threads = [threading.Thread(target=workstation, args=(n,)) for n in ("front", "back")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    # THEN one void, and one clear refusal naming who voided it
    assert sorted(o.split(":")[0] for o in outcomes) == ["refused", "voided"], outcomes
    assert "already voided" in next(o for o in outcomes if o.startswith("refused"))
    with town.database.read() as session:
        assert len(session.scalars(select(ReceiptVoid)).all()) == 1
        issues = session.scalars(
            select(TagIssue.status).where(TagIssue.license_year_start == THIS_YEAR)
        ).all()
    assert issues == [TagStatus.VOID]


def test_a_void_is_posted_on_the_day_it_is_made(town: Town) -> None:
    sale = _sell_rex(town)
    later = town.clock.now() + dt.timedelta(days=3)
    result = void_receipt(
        town.database, sale.receipt_id, "late", actor=ANN, clock=FixedClock(later)
    )
    assert result.business_day == later.date()

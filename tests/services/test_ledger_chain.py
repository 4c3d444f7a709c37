"""Every receipt is a link of the ledger's hash chain, written whole and once."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

import pytest
from sqlalchemy import func, select

from actors import staff
from clerkdesk.db.ledger_content import entry_content
from clerkdesk.errors import ValidationError
from clerkdesk.models import Closeout, LedgerEntry, PeriodLock, Receipt, ReceiptLine, Tender
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.ledger_hash import GENESIS, V2, content_hash_v2, link_hash_v2
from clerkdesk.services import licensing
from clerkdesk.services.posting import PeriodLocked
from small_town import CLERK, Town, at, check

MONDAY = dt.date(2026, 6, 1)


def _sell_bella(town: Town, clock: object = None) -> licensing.CheckoutResult:
    return licensing.checkout(
        town.database,
        licensing.CheckoutRequest(town.jane, (licensing.LicenseItem(town.bella),), (check(),)),
        actor=CLERK,
        clock=clock or town.clock,  # type: ignore[arg-type]
    )


def _links(town: Town) -> list[LedgerEntry]:
    with town.database.read() as session:
        return list(session.scalars(select(LedgerEntry).order_by(LedgerEntry.seq)))


def _hashes(town: Town) -> list[str]:
    return [entry.entry_hash for entry in _links(town)]


def test_each_receipt_is_linked_to_the_one_before_and_its_content_hashes_as_posted(
    town: Town,
) -> None:
    # GIVEN last year's receipt from the town's set-up; WHEN Bella is licensed this year
    sold = _sell_bella(town)
    links = _links(town)
    # THEN two links, the first on the genesis hash, the second on the first
    assert [(e.seq, e.kind, e.record_id) for e in links][-1] == (
        2,
        LedgerKind.RECEIPT,
        sold.receipt_id,
    )
    assert links[0].prev_hash == GENESIS and links[1].prev_hash == links[0].entry_hash
    with town.database.read() as session:
        for entry in links:
            record = entry_content(session, entry.kind, entry.record_id, V2)
            content = content_hash_v2(record, entry.snapshot or "")
            assert entry.version == V2 and entry.content_hash == content
            assert entry.entry_hash == link_hash_v2(
                entry.seq,
                entry.kind.value,
                entry.record_id,
                entry.posted_at,
                content,
                entry.prev_hash,
            )
        # AND the sale's snapshot records the license and the tag it created, whole
        states = json.loads(links[-1].snapshot or "{}")["states"]
        assert {key.split(":")[0] for key in states} == {"license", "tag_issue"}
        license_state = next(v for k, v in states.items() if k.startswith("license:"))
        assert license_state["status"] == "issued" and license_state["dog_id"] == town.bella


def test_a_receipts_lines_equal_its_tenders_and_name_the_license_they_paid_for(
    town: Town,
) -> None:
    sold = _sell_bella(town)
    with town.database.read() as session:
        receipt = session.get(Receipt, sold.receipt_id)
        assert receipt is not None and receipt.business_day == MONDAY
        assert receipt.workstation == "test" and receipt.issued_by == "clerk"
        lines = sum((line.amount for line in receipt.lines), Decimal("0.00"))
        tenders = sum((t.amount for t in receipt.tenders), Decimal("0.00"))
        assert lines == tenders == receipt.total
        licensed = {line.license_id for line in receipt.lines if line.dog_id is not None}
        assert licensed == {sold.licenses[0].license_id}


def test_a_refused_checkout_writes_no_receipt_no_line_and_takes_no_link(town: Town) -> None:
    before = _hashes(town)
    assistant = staff("ann", workstation="desk-2")
    with pytest.raises(ValidationError):
        licensing.checkout(
            town.database,
            licensing.CheckoutRequest(town.jane, (licensing.LicenseItem(town.bella),), ()),
            actor=assistant,
            clock=town.clock,
        )
    assert _hashes(town) == before
    # The chain's next place was given back: the next receipt takes it.
    sold = _sell_bella(town)
    assert _links(town)[-1].seq == len(before) + 1 and sold.receipt_id


def test_after_the_days_close_out_a_receipt_falls_on_the_next_weekday(town: Town) -> None:
    friday = dt.date(2026, 6, 5)
    _close(town, friday)
    sold = _sell_bella(town, at(friday, town.clock))
    with town.database.read() as session:
        receipt = session.get(Receipt, sold.receipt_id)
        assert receipt is not None and receipt.business_day == dt.date(2026, 6, 8)


def test_a_locked_month_takes_no_receipt_and_nothing_is_written(town: Town) -> None:
    with town.database.write() as session:
        session.add(
            PeriodLock(
                month="2026-06",
                first_day=dt.date(2026, 6, 1),
                last_day=dt.date(2026, 6, 30),
                reference="T-2026-06",
                locked_at=town.clock.now(),
                locked_by="clerk",
                chain_seq=1,
                chain_head=GENESIS,
            )
        )
    counts = _counts(town)
    with pytest.raises(PeriodLocked, match="2026-06 was remitted to the treasurer"):
        _sell_bella(town)
    assert _counts(town) == counts


def _counts(town: Town) -> tuple[int, ...]:
    with town.database.read() as session:
        return tuple(
            session.scalar(select(func.count()).select_from(table)) or 0
            for table in (Receipt, ReceiptLine, Tender, LedgerEntry)
        )


def _close(town: Town, day: dt.date) -> None:
    zero = Decimal("0.00")
    with town.database.write() as session:
        session.add(
            Closeout(
                business_day=day,
                closed_at=town.clock.now(),
                closed_by="clerk",
                receipt_count=0,
                void_count=0,
                cash_expected=zero,
                cash_counted=zero,
                over_short=zero,
                checks_total=zero,
                money_orders_total=zero,
                cards_total=zero,
                deposit_total=zero,
            )
        )

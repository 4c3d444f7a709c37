"""``verify_ledger``: an intact chain says so; each way of changing the ledger past the
database's guards is named, first break first, in a clerk's words."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import select, text

from clerkdesk.db import migrate
from clerkdesk.db.database import Database
from clerkdesk.db.ledger_content import entry_content, entry_contents
from clerkdesk.errors import LedgerRefused
from clerkdesk.models import LedgerEntry
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.ledger_hash import V1, V2
from clerkdesk.services import ledger_verify, licensing, periods
from clerkdesk.services.ledger_verify import verify_ledger
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.voids import void_receipt
from small_town import CLERK, Town, check

# The triggers each backend guards a table with (migration 0009).
_GUARDS = {"sqlite": ("{t}_no_update", "{t}_no_delete"), "postgresql": ("{t}_append_only",)}


def _past_guards(database: Database, table: str, statement: str) -> None:
    """Run ``statement`` as the database's owner with ``table``'s guard out of the way."""
    with database.connect(write=True) as connection, connection.begin():
        if database.is_sqlite:
            for name in _GUARDS["sqlite"]:
                connection.execute(text(f"DROP TRIGGER IF EXISTS {name.format(t=table)}"))
        else:
            connection.execute(text(f"ALTER TABLE {table} DISABLE TRIGGER USER"))
        connection.execute(text(statement))


@pytest.fixture
def ledger(town: Town) -> Town:
    """Three sales this year (the fixture's own last year makes four receipts), the second
    voided, and May locked: every kind of link but a close-out."""
    for dog in (town.rex, town.bella):
        licensing.checkout(
            town.database,
            CheckoutRequest(town.jane, (LicenseItem(dog),), (check(),)),
            actor=CLERK,
            clock=town.clock,
        )
    void_receipt(town.database, 3, "wrong dog", actor=CLERK, clock=town.clock)
    periods.lock_period(town.database, "2026-05", "TR-5", actor=CLERK, clock=town.clock)
    return town


def test_an_untouched_ledger_is_intact(ledger: Town, monkeypatch: pytest.MonkeyPatch) -> None:
    # Batches of two: the walk crosses batch edges as it would a hundred thousand entries.
    monkeypatch.setattr(ledger_verify, "BATCH", 2)
    seen: list[int] = []
    found = verify_ledger(ledger.database, progress=seen.append)
    assert found.intact, found.breaks
    assert (found.entries, found.head_seq, found.locks_checked) == (5, 5, 1)
    assert seen == [2, 4]
    assert found.summary.startswith("Ledger intact: 5 entries, head 5 ")


CHANGES: dict[str, tuple[str, str, str]] = {
    "a tender's amount": (
        "tender",
        "UPDATE tender SET amount = amount + 1 WHERE receipt_id = 2",
        "receipt 2026-000001 (ledger entry 2): its content no longer matches what was posted",
    ),
    "a void's reason": (
        "receipt_void",
        "UPDATE receipt_void SET reason = 'nothing to see'",
        "the void of receipt 2026-000002 (ledger entry 4): its content no longer matches",
    ),
    "a link's hash": (
        "ledger_entry",
        "UPDATE ledger_entry SET entry_hash = content_hash WHERE seq = 3",
        "receipt 2026-000002 (ledger entry 3): its link hash was altered",
    ),
    "a receipt's lines": (
        "receipt_line",
        "DELETE FROM receipt_line WHERE receipt_id = 2",
        "receipt 2026-000001 (ledger entry 2): its content no longer matches",
    ),
    "the link a lock signed": (
        "ledger_entry",
        "UPDATE ledger_entry SET entry_hash = '" + "1" * 64 + "' WHERE seq = 4",
        "the lock of 2026-05 signed ledger entry 4, but that entry no longer has the hash",
    ),
    "the lock itself": (
        "period_lock",
        "UPDATE period_lock SET reference = 'TR-6'",
        "the lock of 2026-05 (ledger entry 5): its content no longer matches",
    ),
    "the last link": (
        "ledger_entry",
        "DELETE FROM ledger_entry WHERE seq = 5",
        "the chain ends at entry 4, but 5 entries were posted",
    ),
    # A copy of the receipt's day: hashed since version 2, and held to the receipt's too.
    "a fee line's business day": (
        "receipt_line",
        "UPDATE receipt_line SET business_day = '2026-07-01' WHERE receipt_id = 2",
        "receipt 2026-000001: a fee line of it is dated 07/01/2026, not the receipt's",
    ),
    "a tender's business day": (
        "tender",
        "UPDATE tender SET business_day = '2026-07-01' WHERE receipt_id = 2",
        "receipt 2026-000001: a tender of it is dated 07/01/2026, not the receipt's",
    ),
}


@pytest.mark.parametrize("change", CHANGES)
def test_a_change_past_the_guards_is_named(ledger: Town, change: str) -> None:
    table, statement, words = CHANGES[change]
    _past_guards(ledger.database, table, statement)
    found = verify_ledger(ledger.database)
    assert not found.intact
    assert any(words in b.message for b in found.breaks), found.breaks
    if table not in ("period_lock", "ledger_entry") and "business day" not in change:
        # A changed record is the first break: every link after it still follows its own.
        # (A line's day is hashed too since version 2: its receipt's content breaks first.)
        assert found.first is not None and words in found.first.message


def test_a_receipt_written_without_its_link_is_found(ledger: Town) -> None:
    _past_guards(ledger.database, "ledger_entry", "DELETE FROM ledger_entry WHERE seq = 2")
    found = verify_ledger(ledger.database)
    messages = [b.message for b in found.breaks]
    assert messages[0].startswith("ledger entry 2 is missing: the chain jumps from entry 1")
    assert "receipt 2026-000001 was never posted to the chain" in messages


def test_a_later_break_is_listed_after_the_first(ledger: Town) -> None:
    changes: list[Callable[[], None]] = [
        lambda: _past_guards(
            ledger.database, "receipt", "UPDATE receipt SET payer_name = 'X' WHERE id = 3"
        ),
        lambda: _past_guards(
            ledger.database, "receipt", "UPDATE receipt SET payer_name = 'Y' WHERE id = 1"
        ),
    ]
    for change in changes:
        change()
    found = verify_ledger(ledger.database)
    assert [b.seq for b in found.breaks] == [1, 3]
    assert found.summary.endswith("(1 more problem after it)")
    assert found.as_json()["problems"][0]["seq"] == 1


def test_the_batch_reader_reads_what_the_writer_hashed(ledger: Town) -> None:
    with ledger.database.read() as session:
        entries = session.execute(select(LedgerEntry.kind, LedgerEntry.record_id)).all()
        for kind in (k for k in LedgerKind if not k.self_contained):
            ids = [record for k, record in entries if k is kind]
            for version in (V1, V2):
                batch = entry_contents(session, kind, [*ids, 99999], version)
                assert batch == {
                    record: entry_content(session, kind, record, version) for record in ids
                }


def test_a_ledger_chained_before_lines_carried_their_day_still_verifies(ledger: Town) -> None:
    # GIVEN receipts, a void and a lock posted at the schema before lines and tenders
    # carried their receipt's business day
    migrate.downgrade(ledger.database, "0010")
    # WHEN the database is upgraded
    migrate.upgrade_to_head(ledger.database, backup=False)
    # THEN each line and tender has its receipt's day, and every old link still verifies
    with ledger.database.read() as session:
        for table in ("receipt_line", "tender"):
            pairs = session.execute(
                text(
                    f"SELECT t.business_day, r.business_day FROM {table} t "
                    "JOIN receipt r ON r.id = t.receipt_id"
                )
            ).all()
            assert pairs and all(mine == receipts for mine, receipts in pairs)
    found = verify_ledger(ledger.database)
    assert found.intact, found.breaks
    # (and the licenses and tags on file were taken into the chain, one entry more)
    assert (found.entries, found.locks_checked) == (6, 1)
    # AND the rows are guarded as before
    for statement in ("UPDATE receipt_line SET amount = 0", "DELETE FROM tender"):
        with pytest.raises(LedgerRefused), ledger.database.write() as session:
            session.execute(text(statement))


def test_a_chain_posted_before_version_2_still_verifies_after_the_upgrade(ledger: Town) -> None:
    # GIVEN receipts, a void and a lock, their links as revision 0019 posted them (version
    # 1), and an audit trail written before it was chained
    migrate.downgrade(ledger.database, "0019")
    with ledger.database.read() as session:
        assert session.execute(text("SELECT count(*) FROM ledger_entry")).scalar_one() == 5
    # WHEN the database is upgraded
    migrate.upgrade_to_head(ledger.database, backup=False)
    # THEN the old links keep version 1 and verify; the licenses and tags on file are
    # taken into the chain by one entry at its head, and every audit entry is chained
    with ledger.database.read() as session:
        versions = session.execute(select(LedgerEntry.version).order_by(LedgerEntry.seq)).all()
        assert [v for (v,) in versions] == [1, 1, 1, 1, 1, 2]
    found = verify_ledger(ledger.database)
    assert found.intact, found.breaks
    assert found.audit_entries > 0 and found.audit_head == found.audit_entries
    # AND a sale after it is posted as version 2, and the ledger stays intact
    licensing.checkout(
        ledger.database,
        CheckoutRequest(ledger.jane, (LicenseItem(ledger.bella),), (check(),)),
        actor=CLERK,
        clock=ledger.clock,
    )
    assert verify_ledger(ledger.database).intact

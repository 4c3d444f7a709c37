"""The 28 tamperings of issue 27, each a few statements as the database's owner on a small
office's ledger: ``ledger verify`` finds every one, by itself or against the head printed
on the last paper (``--against``). The seven the old chain missed come first."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest
from kennel_support import make_kennel_town
from ledger_tamper import drop_guards, rewrite_chain, tamper, tamper_and_rewrite
from sqlalchemy import select, text

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.ledger_content import entry_content
from clerkdesk.models import LedgerEntry, Receipt
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.ledger_hash import V2, canonical, content_hash_v2, link_hash_v2
from clerkdesk.rules.roles import Role
from clerkdesk.services import licensing, periods
from clerkdesk.services.closeout import close_out, closeout_sheet
from clerkdesk.services.kennel_licensing import KennelSaleRequest, sell_kennel_license
from clerkdesk.services.ledger_keys import printed_head, set_up_key
from clerkdesk.services.ledger_verify import verify_ledger
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.voids import void_receipt
from clerkdesk.settings.chain_key import load_keys, parse_printed_head
from prepared_databases import prepared
from small_town import CLERK, Town, build_town, check

ADMIN = staff("admin", Role.ADMINISTRATOR)


class Office:
    def __init__(self, town: Town, keys: Path) -> None:
        self.town, self.keys = town, keys
        self.printed = ""


@pytest.fixture
def office(
    database: Database, clock: FixedClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Office:
    """A key set up; Rex and Bella sold, Bella's receipt voided, a kennel licensed, the day
    closed out (its sheet printed), then May locked and its head printed. Built once per
    test process and backend and copied (``prepared``), with the key file written again."""
    keys = tmp_path / "ledger-keys.txt"
    monkeypatch.setenv("CLERKDESK_LEDGER_KEY_FILE", str(keys))
    key = ("ledger tampering office", clock.now().isoformat())
    ids, key_text, printed = prepared(database, key, lambda d: _build_office(d, clock, keys))
    keys.write_text(key_text, encoding="utf-8")
    found = Office(Town(database, clock, *ids), keys)
    found.printed = printed
    return found


def _build_office(
    db: Database, clock: FixedClock, keys: Path
) -> tuple[tuple[int, int, int, int], str, str]:
    town = build_town(db, clock)
    set_up_key(db, keys, rotate=False, actor=ADMIN, clock=clock)
    for dog in (town.rex, town.bella):
        licensing.checkout(
            db,
            CheckoutRequest(town.jane, (LicenseItem(dog),), (check(),)),
            actor=CLERK,
            clock=clock,
        )
    void_receipt(db, 3, "wrong dog", actor=CLERK, clock=clock)
    kt = make_kennel_town(town)
    sell_kennel_license(db, KennelSaleRequest(kt.kennel, (check("501"),)), actor=CLERK, clock=clock)
    close_out(db, clock.today(), Decimal("0.00"), actor=CLERK, clock=clock)
    sheet = closeout_sheet(db, clock.today(), printed_by="clerk", clock=clock)
    periods.lock_period(db, "2026-05", "TR-5", actor=CLERK, clock=clock)
    with db.read() as session:
        printed = printed_head(session).head.text
    assert sheet.ledger_head is not None and "(HMAC)" in sheet.ledger_head
    ids = (town.jane, town.rex, town.bella, town.john)
    return ids, keys.read_text(encoding="utf-8"), printed


def _verify(office: Office, against: bool = False) -> list[str]:
    printed = parse_printed_head(office.printed) if against else None
    found = verify_ledger(office.town.database, against=printed, keys=load_keys(office.keys))
    return [b.message for b in found.breaks]


def test_the_office_is_intact_and_matches_its_printed_head(office: Office) -> None:
    assert _verify(office, against=True) == []
    found = verify_ledger(
        office.town.database,
        against=parse_printed_head(office.printed),
        keys=load_keys(office.keys),
    )
    assert found.against is not None and "matches the printed head" in found.against
    assert found.audit_entries > 10


def _forge_receipt(database: object) -> list[str]:
    """A receipt on the closed day, its lines and tender, appended with a valid link."""
    return [
        "INSERT INTO receipt (id, year, number, issued_at, issued_by, workstation, "
        "business_day, payer_name, total) VALUES (90, 2026, 90, '2026-06-01 15:00:00', "
        "'clerk', 'test', '2026-06-01', 'Nobody', 10.00)",
        "INSERT INTO tender (receipt_id, business_day, position, kind, amount) "
        "VALUES (90, '2026-06-01', 1, 'cash', 10.00)",
    ]


def _append_forged_link(office: Office) -> None:
    database = office.town.database
    with database.connect(write=True) as connection, connection.begin():
        drop_guards(connection, database.is_sqlite)
        for statement in _forge_receipt(database):
            connection.execute(text(statement))
        seq, previous = connection.execute(
            select(LedgerEntry.seq, LedgerEntry.entry_hash).order_by(LedgerEntry.seq.desc())
        ).first()  # type: ignore[misc]
        seq += 1
        now = dt.datetime(2026, 6, 1, 19, 0, tzinfo=dt.UTC)
        snapshot = canonical({})
        content = content_hash_v2(entry_content(connection, LedgerKind.RECEIPT, 90, V2), snapshot)
        connection.execute(
            LedgerEntry.__table__.insert().values(
                seq=seq,
                kind="receipt",
                record_id=90,
                posted_at=now,
                content_hash=content,
                prev_hash=previous,
                entry_hash=link_hash_v2(seq, "receipt", 90, now, content, previous),
                version=V2,
                snapshot=snapshot,
            )
        )
        connection.execute(
            text("UPDATE number_sequence SET last_value = last_value + 1 WHERE name = 'ledger'")
        )


# name: (statements, rewrite the chain after them, check against the printed head, words)
TAMPERINGS: dict[str, tuple[tuple[str, ...], bool, bool, str]] = {
    # --- the seven the old chain missed ---
    "the last entry and its record deleted, the counter rolled back": (
        (
            "DELETE FROM ledger_entry WHERE kind = 'period_lock'",
            "DELETE FROM period_lock",
            "UPDATE number_sequence SET last_value = last_value - 1 WHERE name = 'ledger'",
        ),
        False,
        True,
        "entries after it were deleted",
    ),
    "a forged receipt appended with a valid link": ((), False, False, "counted 3 receipts"),
    "a locked month's receipt edited, the chain and the locks' signatures recomputed": (
        ("UPDATE receipt SET payer_name = 'Someone Else' WHERE number = 1 AND year = 2025",),
        True,
        True,
        "does not match the printed head",
    ),
    "an entry's posted_at changed": (
        ("UPDATE ledger_entry SET posted_at = '2026-05-30 12:00:00' WHERE seq = 3",),
        False,
        False,
        "(ledger entry 3): its link hash was altered",
    ),
    "a license un-voided": (
        (
            "UPDATE license SET status = 'issued', status_changed_at = NULL, "
            "status_changed_by = NULL, status_reason = NULL WHERE status = 'void'",
        ),
        False,
        False,
        "was changed since ledger entry",
    ),
    "a kennel license voided in its own table": (
        ("UPDATE kennel_license SET status = 'void'",),
        False,
        False,
        "kennel license 2026–27 No. 1 was changed since ledger entry",
    ),
    "audit entries deleted": (
        ("DELETE FROM audit_entry WHERE chain_seq IN (4, 5)",),
        False,
        False,
        "audit entries 4–5 are missing",
    ),
    # --- the guards gone, anything rewritten: found against the printed head ---
    "a license un-voided, its snapshot and the chain recomputed": (
        ("UPDATE license SET status = 'issued' WHERE status = 'void'",),
        True,
        True,
        "does not match the printed head",
    ),
    "an audit entry edited and the audit chain recomputed": (
        ("UPDATE audit_entry SET user_name = 'admin' WHERE chain_seq = 2",),
        True,
        True,
        "does not match the printed head",
    ),
    "a void's amount edited and the chain recomputed": (
        ("UPDATE receipt_void SET amount = 1.00",),
        True,
        True,
        "does not match the printed head",
    ),
    # --- found by the chain inside the database ---
    "a tender's amount": (
        ("UPDATE tender SET amount = amount + 1 WHERE receipt_id = 2",),
        False,
        False,
        "its content no longer matches what was posted",
    ),
    "a fee line deleted": (
        ("DELETE FROM receipt_line WHERE receipt_id = 2",),
        False,
        False,
        "its content no longer matches what was posted",
    ),
    "a void's reason": (
        ("UPDATE receipt_void SET reason = 'nothing to see'",),
        False,
        False,
        "the void of receipt 2026-000002",
    ),
    "a link's hash": (
        ("UPDATE ledger_entry SET entry_hash = content_hash WHERE seq = 3",),
        False,
        False,
        "its link hash was altered",
    ),
    "an entry deleted mid-chain": (
        ("DELETE FROM ledger_entry WHERE seq = 3",),
        False,
        False,
        "is missing: the chain jumps",
    ),
    "a receipt deleted": (
        (
            "DELETE FROM tender WHERE receipt_id = 2",
            "DELETE FROM receipt_line WHERE receipt_id = 2",
            "DELETE FROM tag_issue WHERE receipt_id = 2",
            "DELETE FROM license WHERE receipt_id = 2",
            "DELETE FROM receipt WHERE id = 2",
        ),
        False,
        False,
        "that is gone",
    ),
    "a snapshot edited": (
        ("UPDATE ledger_entry SET snapshot = '{}' WHERE seq = 3",),
        False,
        False,
        "its content no longer matches what was posted",
    ),
    "the lock's reference": (
        ("UPDATE period_lock SET reference = 'TR-6'",),
        False,
        False,
        "the lock of 2026-05",
    ),
    "the head a lock signed": (
        ("UPDATE period_lock SET chain_head = '" + "1" * 64 + "'",),
        False,
        False,
        "no longer has the hash it signed",
    ),
    "a close-out's cash counted": (
        ("UPDATE closeout SET cash_counted = 100.00",),
        False,
        False,
        "the close-out of 06/01/2026",
    ),
    "a tag issue's status": (
        ("UPDATE tag_issue SET status = 'lost' WHERE receipt_id = 2",),
        False,
        False,
        "was changed since ledger entry",
    ),
    "a license given to another owner": (
        ("UPDATE license SET owner_id = 2 WHERE receipt_id = 2",),
        False,
        False,
        "owner_id is 2",
    ),
    "a license added with no entry": (
        (
            "INSERT INTO license (number, license_year_start, license_year_end, "
            "license_year_label, valid_from, valid_until, dog_id, owner_id, receipt_id, "
            "status, issued_at, issued_by, "
            "brought_in) SELECT 99, license_year_start, license_year_end, license_year_label, "
            "valid_from, valid_until, dog_id, owner_id, receipt_id, 'void', issued_at, "
            "issued_by, brought_in FROM license WHERE receipt_id = 2",
        ),
        False,
        False,
        "was never posted to the chain",
    ),
    "a license deleted": (
        (
            "DELETE FROM tag_issue WHERE license_id IN "
            "(SELECT id FROM license WHERE status = 'void')",
            "UPDATE receipt_line SET license_id = NULL",
            "DELETE FROM license WHERE status = 'void'",
        ),
        False,
        False,
        "is gone",
    ),
    "an audit entry edited": (
        ("UPDATE audit_entry SET after = '{}' WHERE chain_seq = 6",),
        False,
        False,
        "audit entry 6",
    ),
    "an audit entry inserted outside the chain": (
        (
            "INSERT INTO audit_entry (at, user_name, workstation, action, table_name, record_id) "
            "VALUES ('2026-06-01 12:00:00', 'admin', '', 'update', 'app_user', '1')",
        ),
        False,
        False,
        "outside the audit trail's chain",
    ),
    "the audit trail's last entries deleted, its counter rolled back": (
        (
            "DELETE FROM audit_entry WHERE chain_seq > 3",
            "UPDATE number_sequence SET last_value = 3 WHERE name = 'audit'",
        ),
        False,
        False,
        "vouched for audit entry",
    ),
    "the chain key's record deleted": (
        ("DELETE FROM ledger_entry WHERE kind = 'chain_key'",),
        True,
        True,
        "does not match the printed head",
    ),
}


@pytest.mark.parametrize("name", TAMPERINGS)
def test_each_tampering_is_found(office: Office, name: str) -> None:
    statements, rewrite, against, words = TAMPERINGS[name]
    # GIVEN the office intact; WHEN the tampering is done past the database's guards
    if name == "a forged receipt appended with a valid link":
        _append_forged_link(office)
    elif rewrite:
        tamper_and_rewrite(office.town.database, *statements)
    else:
        tamper(office.town.database, *statements)
    # THEN ``ledger verify`` (against the printed head where the chain was rewritten) finds it
    messages = _verify(office, against=against)
    assert any(words in m for m in messages), messages
    if rewrite:
        # (the rewrite itself leaves nothing the database alone could find)
        assert not any("does not match" in m for m in _verify(office)), name


def test_there_are_twenty_eight() -> None:
    assert len(TAMPERINGS) == 28


def test_a_rewritten_chain_verifies_inside_the_database(office: Office) -> None:
    # The reason a printed head is kept: a rewrite with the program's own functions leaves
    # nothing for the database alone to find.
    with office.town.database.connect(write=True) as connection, connection.begin():
        drop_guards(connection, office.town.database.is_sqlite)
        connection.execute(text("UPDATE receipt_void SET amount = 1.00"))
        rewrite_chain(connection)
    assert _verify(office) == []
    with office.town.database.read() as session:
        assert session.scalar(select(Receipt.total).where(Receipt.id == 3)) is not None

"""Finding a receipt or a certificate again, reprinting it, and the record each reprint
leaves — on both backends, and from two workstations at the same moment."""

from __future__ import annotations

import datetime as dt
import multiprocessing
import re
from typing import Any

import pytest
from sqlalchemy import select

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import DocumentReprint, License, PrintedKind
from clerkdesk.services import reprints
from document_support import Sale, license_two_dogs
from pdf_support import page_texts

SPAWN = multiprocessing.get_context("spawn")


@pytest.fixture
def sale(database: Database, clock: FixedClock) -> Sale:
    return license_two_dogs(database, clock)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def _reprints(database: Database) -> list[DocumentReprint]:
    with database.read() as session:
        rows = session.scalars(select(DocumentReprint).order_by(DocumentReprint.id)).all()
        session.expunge_all()
        return list(rows)


def test_a_receipt_found_by_its_number_is_reprinted_marked_and_recorded(
    database: Database, clock: FixedClock, sale: Sale
) -> None:
    # GIVEN the receipt number as printed, typed two days later
    later = FixedClock(clock.now() + dt.timedelta(days=2, hours=3, minutes=35))
    receipt_id = reprints.find_receipt(database, " 2026-000001 ")
    assert receipt_id == sale.receipt_id == reprints.find_receipt(database, "2026-1")
    delivered: list[bytes] = []
    # WHEN the clerk reprints it, saying why
    done = reprints.reprint(
        database,
        PrintedKind.RECEIPT,
        receipt_id,
        actor=staff("tclerk"),
        clock=later,
        workstation="FRONT-DESK",
        reason="Resident lost the original",
        deliver=delivered.append,
    )
    # THEN the PDF handed over says REPRINT with the moment and who
    assert delivered == [done.pdf]
    text = _flat(page_texts(done.pdf)[0])
    assert "REPRINT — printed June 3, 2026, 2:05 PM by tclerk" in text
    assert "2026-000001" in text
    assert (done.label, done.title, done.reprints) == ("2026-000001", "Receipt 2026-000001", 1)
    # AND the reprint is on record: who, when, where, which document and why
    (row,) = _reprints(database)
    assert row.kind is PrintedKind.RECEIPT and row.receipt_id == receipt_id
    assert row.license_id is None and row.document_label == "2026-000001"
    assert row.printed_by == "tclerk" and row.workstation == "FRONT-DESK"
    assert row.reason == "Resident lost the original"
    assert row.printed_at == later.now()
    # AND the document's history counts it
    history = reprints.reprint_history(database, PrintedKind.RECEIPT, receipt_id)
    assert [(h.printed_by, h.workstation, h.reason) for h in history] == [
        ("tclerk", "FRONT-DESK", "Resident lost the original")
    ]


def test_a_certificate_found_by_license_number_and_year_is_reprinted_and_counted(
    database: Database, clock: FixedClock, sale: Sale
) -> None:
    licensed = sale.result.licenses[1]
    license_id = reprints.find_license(database, str(licensed.number), 2026, clock.today())
    assert license_id == reprints.find_license(
        database, f"No. {licensed.number}", None, clock.today()
    )
    for n in (1, 2):
        done = reprints.reprint(
            database, PrintedKind.CERTIFICATE, license_id, actor=staff("mjones"), clock=clock
        )
        assert done.reprints == n
    text = _flat(page_texts(done.pdf)[0])
    assert "REPRINT — printed June 1, 2026, 10:30 AM by mjones" in text
    assert f"{licensed.number} {licensed.tag_number}" in text
    rows = _reprints(database)
    assert [(r.kind, r.license_id, r.receipt_id) for r in rows] == [
        (PrintedKind.CERTIFICATE, license_id, None)
    ] * 2
    assert rows[0].document_label == f"license {licensed.number}, 2026–27"


def test_an_owners_documents_list_newest_first_with_their_reprint_counts(
    database: Database, clock: FixedClock, sale: Sale
) -> None:
    reprints.reprint(database, PrintedKind.RECEIPT, sale.receipt_id, actor=staff("a"), clock=clock)
    reprints.reprint(database, PrintedKind.RECEIPT, sale.receipt_id, actor=staff("b"), clock=clock)
    entries = reprints.owner_documents(database, sale.owner_id)
    # This spring's receipt and its two certificates, then last spring's.
    kinds = [(e.kind, e.issued_at.year) for e in entries]
    assert kinds == [
        (PrintedKind.RECEIPT, 2026),
        (PrintedKind.CERTIFICATE, 2026),
        (PrintedKind.CERTIFICATE, 2026),
        (PrintedKind.RECEIPT, 2025),
        (PrintedKind.CERTIFICATE, 2025),
        (PrintedKind.CERTIFICATE, 2025),
    ]
    newest = entries[0]
    assert newest.document_id == sale.receipt_id and newest.label == "2026-000001"
    assert (newest.reprints, newest.last_reprinted_by) == (2, "b")
    assert all(e.reprints == 0 and e.last_reprinted_at is None for e in entries[1:])
    numbers = {lic.number for lic in sale.result.licenses}
    assert {int(e.label.split(",")[0]) for e in entries[1:3]} == numbers
    assert entries[1].summary.endswith(f"tag {sale.result.licenses[0].tag_number}")


@pytest.mark.parametrize(
    "typed", ["", "12", "2026", "2026-", "abc-12", "2026-12-1", "2026-" + "9" * 12, "x" * 500]
)
def test_a_receipt_number_not_written_as_printed_is_refused_in_words(
    database: Database, typed: str
) -> None:
    with pytest.raises(ValidationError, match="is not a receipt number") as caught:
        reprints.find_receipt(database, typed)
    assert "\n" not in caught.value.message and len(caught.value.message) < 140


def test_numbers_not_on_file_are_refused_in_words(
    database: Database, clock: FixedClock, sale: Sale
) -> None:
    with pytest.raises(ValidationError, match="No receipt 2031-000004 is on file"):
        reprints.find_receipt(database, "2031-4")
    with pytest.raises(ValidationError, match=r"No license 999 is on file for .* 2019–20"):
        reprints.find_license(database, "999", 2019, clock.today())
    for typed in ("0", "-3", "12a", "1e9", "¼"):
        with pytest.raises(ValidationError, match="is not a license number"):
            reprints.find_license(database, typed, None, clock.today())
    with pytest.raises(ValidationError, match="not on file"):
        reprints.reprint(database, PrintedKind.CERTIFICATE, 10**6, actor=staff("a"), clock=clock)
    assert _reprints(database) == []


def test_a_reprint_that_could_not_be_delivered_leaves_no_record(
    database: Database, clock: FixedClock, sale: Sale
) -> None:
    def disk_full(_pdf: bytes) -> None:
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError):
        reprints.reprint(
            database,
            PrintedKind.RECEIPT,
            sale.receipt_id,
            actor=staff("a"),
            clock=clock,
            deliver=disk_full,
        )
    with pytest.raises(ValidationError, match="at most 200"):
        reprints.reprint(
            database,
            PrintedKind.RECEIPT,
            sale.receipt_id,
            actor=staff("a"),
            clock=clock,
            reason="x" * 201,
        )
    assert _reprints(database) == []


def _reprint_at_once(url: str, receipt_id: int, station: str, barrier: Any, out: Any) -> None:
    database = Database.open(url)
    try:
        clock = FixedClock(dt.datetime(2026, 6, 2, 9, 0, tzinfo=dt.UTC))
        barrier.wait(timeout=120)
        for _ in range(3):
            reprints.reprint(
                database,
                PrintedKind.RECEIPT,
                receipt_id,
                actor=staff(station),
                clock=clock,
                workstation=station,
            )
        out.put((station, "ok"))
    except Exception as exc:  # reported, never swallowed: the test fails on it
        out.put((station, f"{type(exc).__name__}: {exc}"))
    finally:
        database.dispose()


def test_two_workstations_reprinting_one_receipt_at_once_are_both_recorded(
    database: Database, database_url: str, sale: Sale
) -> None:
    barrier, out = SPAWN.Barrier(2), SPAWN.Queue()
    workers = [
        SPAWN.Process(
            target=_reprint_at_once, args=(database_url, sale.receipt_id, name, barrier, out)
        )
        for name in ("FRONT", "BACK")
    ]
    for worker in workers:
        worker.start()
    results = sorted(out.get(timeout=180) for _ in workers)
    for worker in workers:
        worker.join(timeout=60)
    assert results == [("BACK", "ok"), ("FRONT", "ok")]
    rows = _reprints(database)
    assert sorted(r.workstation or "" for r in rows) == ["BACK"] * 3 + ["FRONT"] * 3
    (entry,) = [
        e
        for e in reprints.owner_documents(database, sale.owner_id)
        if e.document_id == sale.receipt_id and e.kind is PrintedKind.RECEIPT
    ]
    assert entry.reprints == 6


def test_a_license_keeps_its_reprints_when_listed_after_its_owner_changes(
    database: Database, clock: FixedClock, sale: Sale
) -> None:
    license_id = sale.result.licenses[0].license_id
    reprints.reprint(database, PrintedKind.CERTIFICATE, license_id, actor=staff("a"), clock=clock)
    with database.read() as session:
        row = session.get(License, license_id)
        assert row is not None and row.owner_id == sale.owner_id
    (entry,) = [
        e
        for e in reprints.owner_documents(database, sale.owner_id)
        if e.kind is PrintedKind.CERTIFICATE and e.document_id == license_id
    ]
    assert entry.reprints == 1 and entry.last_reprinted_by == "a"

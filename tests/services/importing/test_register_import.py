"""The old register brought in: the dry run that names every problem by row, the import that
brings every dog in, the second import that changes nothing, and what it must never do
(reach the ledger) or must let the counter do (renew an imported dog with its late fee)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from openpyxl import Workbook
from sqlalchemy import func, select

from actors import staff
from clerkdesk.db.database import Database
from clerkdesk.models import (
    AuditEntry,
    Dog,
    ImportBatch,
    Kennel,
    KennelDog,
    LedgerEntry,
    License,
    Owner,
    RabiesCertificate,
    Receipt,
    TagIssue,
)
from clerkdesk.rules.roles import Role
from clerkdesk.services import licensing
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.importing import register
from clerkdesk.services.importing.register_mapping import (
    RegisterSource,
    SourceSheets,
    open_source,
    preview,
    save_mapping,
)
from clerkdesk.services.ledger_verify import verify_ledger
from clerkdesk.services.search import search
from register_files import HEADERS, Messy, messy_register, small_rows, write_csv
from small_town import CLERK, Town, check


def _count(database: Database, model: object) -> int:
    with database.read() as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)  # type: ignore[call-overload]


def _import(
    town: Town, path: Path, sheets: SourceSheets | None = None, **options: object
) -> register.ImportResult:
    source = RegisterSource(path)
    sheets = sheets or open_source(source)
    mapping = preview(town.database, source, sheets).mapping
    return register.run(
        town.database,
        source,
        mapping,
        actor=CLERK,
        clock=town.clock,
        sheets=sheets,
        **options,  # type: ignore[arg-type]
    )


def test_the_columns_are_guessed_shown_with_samples_and_the_choice_saved(
    town: Town, tmp_path: Path
) -> None:
    source = RegisterSource(write_csv(tmp_path / "old.csv", small_rows()))
    shown = preview(town.database, source)
    assert shown.saved is None
    assert shown.guessed["dog_name"] == "Dog Name" and shown.guessed["tag"] == "Tag #"
    assert shown.guessed["rabies_expires"] == "Rabies Exp" and shown.guessed["sex"] == "M/F"
    assert shown.samples[0][:2] == ("Green", "Ada") and shown.rows == 3
    # WHEN the clerk leaves out the fee and keeps the rest
    chosen = {k: v for k, v in shown.guessed.items() if k != "amount"}
    save_mapping(town.database, source, chosen, actor=CLERK, clock=town.clock)
    # THEN the next file with this header row starts from that choice
    again = preview(town.database, RegisterSource(write_csv(tmp_path / "next.csv", small_rows())))
    assert again.saved == chosen and again.mapping == chosen


@pytest.fixture(scope="module")
def register_5000(tmp_path_factory: pytest.TempPathFactory) -> tuple[Messy, SourceSheets]:
    """A 5,000-dog register with the usual mess, written and read once for both backends."""
    messy = messy_register(tmp_path_factory.mktemp("register") / "register.xlsx", 5000)
    return messy, open_source(RegisterSource(messy.path))


def test_a_5000_dog_register_dry_run_names_each_problem_by_row_and_writes_nothing(
    town: Town, tmp_path: Path, register_5000: tuple[Messy, SourceSheets]
) -> None:
    # GIVEN an office's register with the usual mess and six rows with a problem each
    messy, sheets = register_5000
    source = RegisterSource(messy.path)
    dogs_before = _count(town.database, Dog)

    # WHEN it is run dry
    mapping = preview(town.database, source, sheets).mapping
    report = register.dry_run(town.database, source, mapping, clock=town.clock, sheets=sheets)

    # THEN exactly those rows are refused, each saying why; the rest would all come in
    refused = {row.row: row.why for row in report.refused}
    assert refused.keys() == messy.problems.keys()
    for row, words in messy.problems.items():
        assert words in refused[row], (row, refused[row])
    # each named as the clerk will find it in the file, even with its name missing
    named = {row.row: row.what for row in report.refused}
    assert all(" St" in what or "STREET" in what for what in named.values()), named
    assert report.blank_rows == 5000 // 500
    assert report.count("take") == 5000 - len(messy.problems)
    assert _count(town.database, Dog) == dogs_before
    # the report opens beside the source, a line per row
    out = tmp_path / "report.csv"
    register.write_report(report, out)
    lines = out.read_text(encoding="utf-8-sig").splitlines()
    assert lines[0] == "row,action,what,why" and len(lines) == 5001


@pytest.fixture(scope="module")
def fixed_1200(tmp_path_factory: pytest.TempPathFactory) -> tuple[Messy, SourceSheets]:
    """The mess fixed, as the clerk fixes it after the dry run: 1,200 dogs, two batches."""
    messy = messy_register(tmp_path_factory.mktemp("fixed") / "fixed.xlsx", 1200, fixed=True)
    return messy, open_source(RegisterSource(messy.path))


def test_after_fixing_every_dog_comes_in_once_and_again_changes_nothing(
    town: Town, fixed_1200: tuple[Messy, SourceSheets]
) -> None:
    messy, sheets = fixed_1200
    before = {m: _count(town.database, m) for m in (Owner, Dog, License, RabiesCertificate)}

    result = _import(town, messy.path, sheets)

    assert not result.cancelled and result.report.count("refuse") == 0
    # one owner per household, though each wrote her street two ways
    assert result.written["owners"] == messy.households
    assert result.written["dogs"] == 1200 and result.written["licenses"] == 1200
    after = {m: _count(town.database, m) for m in (Owner, Dog, License, RabiesCertificate)}
    assert after[Dog] - before[Dog] == 1200
    assert after[Owner] - before[Owner] == messy.households
    assert after[RabiesCertificate] - before[RabiesCertificate] == 1200
    with town.database.read() as session:
        audit = session.scalars(select(AuditEntry).where(AuditEntry.action == "import")).all()
        assert len(audit) == 2  # one entry per batch of 1,000 rows, by its user
        assert {a.user_name for a in audit} == {CLERK.name}

    # WHEN the same file is imported again THEN nothing changes
    again = _import(town, messy.path, sheets)
    assert again.report.count("merge") == 1200
    assert all("nothing new" in row.what for row in again.report.rows)
    assert {m: _count(town.database, m) for m in after} == after
    assert sum(again.written[k] for k in ("owners", "dogs", "licenses", "certificates")) == 0


def test_an_imported_dog_is_found_by_tag_and_renewed_with_its_late_fee(
    town: Town, tmp_path: Path
) -> None:
    # GIVEN Pepper (spayed), licensed 2025–26 with tag 501 in the old register
    _import(town, write_csv(tmp_path / "old.csv", small_rows()))

    # WHEN the clerk types her tag at the counter
    found = search(town.database, "501", on=town.clock.today())

    # THEN it opens Pepper, and her renewal on June 1 carries the renewal's late fees
    assert found.exact is not None and found.exact.dog_name == "Pepper"
    pepper = found.exact.dog_id
    assert pepper is not None
    sale = licensing.checkout(
        town.database,
        licensing.CheckoutRequest(
            found.exact.owner_id, (licensing.LicenseItem(pepper),), (check(),)
        ),
        actor=CLERK,
        clock=town.clock,
    )
    assert sale.total == Decimal("14.00")  # 10.00 and the late fees 3.00 and 1.00
    with town.database.read() as session:
        receipt = session.get(Receipt, sale.receipt_id)
        assert receipt is not None
        assert [(line.code, line.amount) for line in receipt.lines] == [
            ("dog_license", Decimal("10.00")),
            ("late_fee", Decimal("3.00")),
            ("late_fee", Decimal("1.00")),
        ]


def test_nothing_brought_in_reaches_the_ledger(town: Town, tmp_path: Path) -> None:
    counts = {m: _count(town.database, m) for m in (LedgerEntry, Receipt)}

    result = _import(town, write_csv(tmp_path / "old.csv", small_rows()))

    assert result.written["licenses"] == 3
    # No money: no receipt; the licenses brought in are one standing entry of the chain
    # (issue 27), so changing them afterwards is found.
    assert _count(town.database, Receipt) == counts[Receipt]
    assert _count(town.database, LedgerEntry) == counts[LedgerEntry] + 1
    assert verify_ledger(town.database).intact
    with town.database.read() as session:
        brought = session.scalars(select(License).where(License.brought_in)).all()
        assert len(brought) == 3
        assert all(b.receipt_id is None and b.import_batch_id == result.import_id for b in brought)
        assert sorted(b.brought_in_amount for b in brought) == [
            Decimal("10.00"), Decimal("10.00"), Decimal("15.00")
        ]  # fmt: skip
        tags = session.scalars(select(TagIssue).where(TagIssue.tag_number.in_([501, 502, 503])))
        assert all(t.receipt_id is None for t in tags)


def test_a_cancelled_import_keeps_whole_batches_and_says_how_far_it_got(
    town: Town, tmp_path: Path
) -> None:
    path = write_csv(tmp_path / "old.csv", small_rows())
    steps: list[tuple[int, int]] = []

    result = _import(
        town,
        path,
        batch_rows=1,
        progress=lambda done, total, _w: steps.append((done, total)),
        cancelled=lambda: True,
    )

    assert result.cancelled and result.rows_done == 1 and result.last_row == 2
    assert "cancelled after row 2 (1 of 3 rows)" in result.summary()
    assert steps == [(1, 3)]
    with town.database.read() as session:
        batch = session.get(ImportBatch, result.import_id)
        assert batch is not None and batch.state == "cancelled" and batch.dogs_added == 1
    # the rest comes in when it is run again
    rest = _import(town, path)
    assert rest.written["dogs"] == 2 and rest.report.count("merge") == 1


def test_owners_on_a_sheet_of_their_own_and_a_kennel(town: Town, tmp_path: Path) -> None:
    book = Workbook()
    owners = book.active
    assert owners is not None
    owners.title = "Owners"
    owners.append(["Owner ID", "Last Name", "First Name", "Street Address", "Phone"])
    owners.append(["A1", "Hale", "Mia", "7 Pond Ln", "508 555 0177"])
    owners.append(["A2", "Ruiz", "Leo", "3 Mill Rd", ""])
    dogs = book.create_sheet("Dogs")
    dogs.append(["Owner ID", "Dog Name", "Sex", "Kennel Name", "Year", "Tag #"])
    dogs.append(["A1", "Ace", "M", "Hale Hill Kennel", "2025", "601"])
    dogs.append(["A1", "Bee", "F", "Hale Hill Kennel", "2025", "602"])
    dogs.append(["A2", "Cid", "Male", "", "2025", "603"])
    dogs.append(["A9", "Dot", "F", "", "", ""])
    path = tmp_path / "two-sheets.xlsx"
    book.save(path)
    source = RegisterSource(path, sheet="Dogs", owners_sheet="Owners")
    mapping = preview(town.database, source).mapping
    assert mapping["owner_ref"] == "Owner ID" and mapping["street"] == "Street Address"

    result = register.run(town.database, source, mapping, actor=CLERK, clock=town.clock)

    assert [r.why for r in result.report.refused] == ["owner number A9 is not on the owners sheet"]
    assert result.written["owners"] == 2 and result.written["dogs"] == 3
    assert result.written["kennels"] == 1
    with town.database.read() as session:
        kennel = session.scalars(select(Kennel).where(Kennel.name == "Hale Hill Kennel")).one()
        assert kennel.premises_street == "7 Pond Ln"
        kept = session.scalars(select(KennelDog.dog_id).where(KennelDog.kennel_id == kennel.id))
        assert len(kept.all()) == 2


def test_a_role_that_may_not_import_is_refused_in_words(town: Town, tmp_path: Path) -> None:
    source = RegisterSource(write_csv(tmp_path / "old.csv", small_rows()))
    mapping = preview(town.database, source).mapping
    with pytest.raises(PermissionDenied):
        register.run(
            town.database,
            source,
            mapping,
            actor=staff("tess", Role.TREASURER),
            clock=town.clock,
        )
    assert _count(town.database, ImportBatch) == 0


def test_the_headers_of_the_messy_register_are_all_mapped() -> None:
    from clerkdesk.rules.register_columns import guess_mapping

    assert set(guess_mapping(HEADERS).values()) == set(HEADERS)


def test_a_brought_in_license_has_no_certificate_to_print_or_reprint(
    town: Town, tmp_path: Path
) -> None:
    from clerkdesk.errors import ValidationError
    from clerkdesk.services.documents import certificate_for_license
    from clerkdesk.services.reprints import owner_documents

    _import(town, write_csv(tmp_path / "old.csv", small_rows()))
    with town.database.read() as session:
        brought = session.scalars(select(License).where(License.brought_in)).first()
        assert brought is not None
        license_id, owner_id = brought.id, brought.owner_id
    with pytest.raises(ValidationError, match="brought in from the office's old register"):
        certificate_for_license(town.database, license_id)
    assert owner_documents(town.database, owner_id) == []

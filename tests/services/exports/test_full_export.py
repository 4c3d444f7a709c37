"""The full export: every table as CSV in one zip with its manifest, and one XLSX; counts
equal the database's on both backends, checksums verify, secrets stay, formulas are
escaped, and a cancelled or failed export leaves no file."""

from __future__ import annotations

import datetime as dt
import zipfile
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest
from export_support import FORMULA_NAME, csv_rows, database_counts, leftovers, manifest_of
from sqlalchemy import select

from actors import staff
from clerkdesk.errors import DiskFull
from clerkdesk.models import AuditEntry, Role
from clerkdesk.services import people
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.audit_trail import AuditQuery, audit_entries, table_named
from clerkdesk.services.exports.full_export import export_all
from clerkdesk.services.exports.manifest import verify_export
from clerkdesk.services.progress import Cancelled
from small_town import CLERK, Town, owner_input


def test_the_zip_reopens_with_the_databases_counts_and_its_checksums_verify(
    town: Town, out: Path
) -> None:
    # GIVEN the small town; WHEN every record is exported
    counts = database_counts(town.database)
    done = export_all(town.database, out / "records.zip", actor=CLERK, clock=town.clock)

    # THEN each table's file holds as many rows as the database, and the zip verifies
    assert done.manifest.counts == counts
    assert done.manifest.counts["dog"] == 2 and done.manifest.counts["owner"] == 2
    checked = verify_export(out / "records.zip")
    assert checked.ok, checked.problems
    manifest = manifest_of(out / "records.zip")
    assert manifest["town"] == "Town of Westborough"
    assert manifest["schema_revision"]
    assert manifest["exported_by"] == "clerk"
    assert dt.datetime.fromisoformat(manifest["exported_at"]) == town.clock.now()
    assert {f["table"] for f in manifest["files"]} >= {"owner", "dog", "receipt", "ledger_entry"}


def test_money_is_exact_decimal_text_and_days_are_iso(town: Town, out: Path) -> None:
    export_all(town.database, out / "records.zip", actor=CLERK, clock=town.clock)
    lines = csv_rows(out / "records.zip", "receipt_line")
    assert lines and all(Decimal(line["amount"]) == Decimal(line["amount"]).quantize(
        Decimal("0.01")) and "." in line["amount"] for line in lines)  # fmt: skip
    owners = csv_rows(out / "records.zip", "owner")
    assert {o["birth_date"] for o in owners} >= {"1960-03-04"}
    assert all(dt.datetime.fromisoformat(o["created_at"]).tzinfo for o in owners)


def test_password_hashes_never_leave_and_the_manifest_says_so(town: Town, out: Path) -> None:
    from clerkdesk.services.users import add_user

    add_user(town.database, "chief", Role.ADMINISTRATOR, "a-long-password", "Chief",
             actor=None, clock=town.clock)  # fmt: skip
    done = export_all(
        town.database, out / "r.zip", xlsx=out / "r.xlsx", actor=CLERK, clock=town.clock
    )
    with zipfile.ZipFile(out / "r.zip") as archive:
        everything = b"".join(archive.read(name) for name in archive.namelist())
    assert b"$argon2" not in everything
    assert "password_hash" not in csv_rows(out / "r.zip", "app_user")[0]
    assert "app_user.password_hash" in manifest_of(out / "r.zip")["left_out"]
    book = openpyxl.load_workbook(out / "r.xlsx", read_only=True)
    headings = [c.value for c in next(book["app_user"].iter_rows(max_row=1))]
    assert "password_hash" not in headings and "name" in headings
    assert done.manifest.counts["app_user"] == 1


def test_text_a_spreadsheet_would_run_is_escaped_in_the_csv_and_the_workbook(
    town: Town, out: Path
) -> None:
    # GIVEN a resident whose name and notes begin as formulas do
    people.create_owner(
        town.database, owner_input(FORMULA_NAME, "@SUM(A1)", notes="-2+3"), actor=CLERK,
        clock=town.clock,
    )  # fmt: skip
    export_all(town.database, out / "r.zip", xlsx=out / "r.xlsx", actor=CLERK, clock=town.clock)

    # THEN each such cell carries a leading apostrophe, in the CSV and the workbook alike
    owner = next(o for o in csv_rows(out / "r.zip", "owner") if "HYPERLINK" in o["first_name"])
    assert owner["first_name"] == "'" + FORMULA_NAME
    assert owner["last_name"] == "'@SUM(A1)" and owner["notes"] == "'-2+3"
    sheet = openpyxl.load_workbook(out / "r.xlsx")["owner"]
    cells = [c for row in sheet.iter_rows() for c in row if isinstance(c.value, str)]
    assert cells and not [c for c in cells if c.data_type == "f" or c.value.startswith("=")]
    assert "'" + FORMULA_NAME in [c.value for c in cells]


def test_a_cancelled_export_leaves_no_file(town: Town, out: Path) -> None:
    steps: list[int] = []
    with pytest.raises(Cancelled):
        export_all(
            town.database,
            out / "r.zip",
            xlsx=out / "r.xlsx",
            actor=CLERK,
            clock=town.clock,
            step=lambda done, _total, _words: steps.append(done),
            cancelled=lambda: len(steps) >= 3,
        )
    assert leftovers(out) == []
    with town.database.read() as session:
        assert not session.scalars(select(AuditEntry).where(AuditEntry.action == "export")).all()


def test_a_failure_midway_leaves_no_file_and_an_earlier_export_stands(
    town: Town, out: Path
) -> None:
    export_all(town.database, out / "r.zip", actor=CLERK, clock=town.clock)
    before = (out / "r.zip").read_bytes()

    def broken(done: int, _total: int, _words: str) -> None:
        if done > 0:
            raise OSError(28, "No space left on device")

    with pytest.raises(DiskFull, match=r"The disk is full: r\.zip was not written"):
        export_all(town.database, out / "r.zip", actor=CLERK, clock=town.clock, step=broken)
    assert leftovers(out) == ["r.zip"] and (out / "r.zip").read_bytes() == before


def test_a_table_longer_than_a_sheet_goes_on_in_another_and_says_so(town: Town, out: Path) -> None:
    done = export_all(
        town.database, out / "r.zip", xlsx=out / "r.xlsx", actor=CLERK,
        clock=town.clock, rows_per_sheet=2,
    )  # fmt: skip
    book = openpyxl.load_workbook(out / "r.xlsx", read_only=True)
    assert done.manifest.xlsx_split["dog"] == ["dog", "dog (2)"]
    sheets = [book[name] for name in ("dog", "dog (2)")]
    dogs = [r for sheet in sheets for r in sheet.iter_rows(min_row=2, values_only=True)]
    assert len(dogs) == done.manifest.counts["dog"] == 2
    assert "split tables" in book.sheetnames


def test_the_export_is_audited_with_who_what_and_the_counts(town: Town, out: Path) -> None:
    done = export_all(town.database, out / "r.zip", actor=CLERK, clock=town.clock)
    with town.database.read() as session:
        entry = session.scalars(select(AuditEntry).where(AuditEntry.action == "export")).one()
    assert (entry.user_name, entry.record_id, entry.at) == ("clerk", "full", town.clock.now())
    assert entry.after is not None and '"owner": 2' in entry.after
    assert str(out / "r.zip") in entry.after
    assert done.rows == sum(done.manifest.counts.values())
    # The audit trail finds it by its word, as `clerkdesk audit export` asks.
    found = audit_entries(
        town.database, AuditQuery(table=table_named("export")), actor=CLERK, clock=town.clock
    )
    assert [(r.record, r.action_words) for r in found.rows] == [("export full", "exported")]


def test_counts_agree_across_tables_while_the_counter_writes(town: Town, out: Path) -> None:
    # GIVEN the export has begun reading
    wrote: list[int] = []

    def counter_writes(_done: int, _total: int, _words: str) -> None:
        if not wrote:
            # WHEN another workstation adds an owner meanwhile
            wrote.append(
                people.create_owner(
                    town.database, owner_input("Late", "Comer"), actor=CLERK, clock=town.clock
                )
            )

    done = export_all(
        town.database, out / "r.zip", actor=CLERK, clock=town.clock, step=counter_writes
    )

    # THEN the export holds the records as they stood when it began, in every table
    assert wrote
    assert done.manifest.counts["owner"] == 2
    assert "Late" not in {o["first_name"] for o in csv_rows(out / "r.zip", "owner")}
    assert verify_export(out / "r.zip").ok


def test_a_tampered_zip_does_not_verify(town: Town, out: Path) -> None:
    export_all(town.database, out / "r.zip", actor=CLERK, clock=town.clock)
    with zipfile.ZipFile(out / "r.zip") as source, zipfile.ZipFile(out / "t.zip", "w") as copy:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "tables/dog.csv":
                data = b"".join(data.splitlines(keepends=True)[:-1])
            copy.writestr(info, data)
    problems = verify_export(out / "t.zip").problems
    assert any("tables/dog.csv" in p and "SHA-256" in p for p in problems)


def test_a_role_that_may_not_export_is_refused(town: Town, out: Path) -> None:
    with pytest.raises(PermissionDenied):
        export_all(
            town.database, out / "r.zip", actor=staff("aco", Role.ANIMAL_CONTROL),
            clock=town.clock,
        )  # fmt: skip
    assert leftovers(out) == []

"""Importing an office's old register: the dry run that reports every row, and the import.

The service API the command line and the File → Import register… dialog both call:

- ``preview(database, source)`` — sheets, headers, sample rows, the guessed and saved mapping
  (``register_mapping``); ``save_mapping(...)`` keeps the office's choice for the header row.
- ``dry_run(database, source, mapping, clock=...)`` → :class:`RegisterReport`: every row taken,
  merged or refused and why; nothing written. ``write_report(report, path)`` writes it as CSV.
- ``run(database, source, mapping, actor=..., clock=..., progress=..., cancelled=...)`` →
  :class:`ImportResult`: the same plan written in batches of ``BATCH_ROWS`` rows, one
  transaction each; ``cancelled()`` is asked between batches, and a cancelled import keeps
  the batches written and says how far it got.

Licenses come in as history (``License.brought_in``, no receipt): never money received here.
"""

from __future__ import annotations

import csv
import datetime as dt
import gc
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import ImportBatch
from clerkdesk.reports.cells import safe_text
from clerkdesk.rules.clean_text import printable
from clerkdesk.rules.register_rows import row_label
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting, require
from clerkdesk.services.importing.register_lookups import load_lookups
from clerkdesk.services.importing.register_mapping import (
    RegisterSource,
    SourceSheets,
    check_mapping,
    open_source,
    owner_columns,
)
from clerkdesk.services.importing.register_plan import REFUSE, PlannedRow, Planner
from clerkdesk.services.importing.register_write import (
    BatchContext,
    Counts,
    Written,
    audit_batch,
    numbers_at_least,
    write_batch,
)
from clerkdesk.services.profile_source import profile_in_force
from clerkdesk.services.progress import Cancelled, Step
from clerkdesk.workstation import workstation_name

BATCH_ROWS = 1000
REPORT_COLUMNS = ("row", "what", "why")


@dataclass(frozen=True)
class RowReport:
    row: int
    action: str
    """"take" (a new dog), "merge" (matched a dog or owner on file), or "refuse"."""
    what: str
    why: str


@dataclass(frozen=True)
class RegisterReport:
    file_name: str
    sheet: str
    rows: tuple[RowReport, ...]
    blank_rows: int
    owners_new: int
    dogs_new: int
    licenses_new: int
    certificates_new: int
    kennels_new: int

    def count(self, action: str) -> int:
        return sum(1 for row in self.rows if row.action == action)

    @property
    def refused(self) -> tuple[RowReport, ...]:
        return tuple(row for row in self.rows if row.action == REFUSE)

    def summary(self) -> str:
        return (
            f"{self.file_name} ({self.sheet}): {len(self.rows):,} rows — "
            f"{self.count('take'):,} to take, {self.count('merge'):,} to merge, "
            f"{self.count('refuse'):,} refused, {self.blank_rows:,} blank; "
            f"{self.owners_new:,} new owners, {self.dogs_new:,} new dogs, "
            f"{self.licenses_new:,} licenses, {self.certificates_new:,} rabies certificates, "
            f"{self.kennels_new:,} kennels brought in"
        )


@dataclass(frozen=True)
class ImportResult:
    import_id: int
    report: RegisterReport
    written: Mapping[str, int]
    """What was written: rows, owners, dogs, merged, licenses, certificates, kennels."""
    rows_done: int
    """Rows of the file gone through (refused ones included), up to the last whole batch."""
    last_row: int
    """The file's row number the import got to (0 when no batch was written)."""
    cancelled: bool

    def summary(self) -> str:
        w = self.written
        stopped = (
            f"cancelled after row {self.last_row:,} ({self.rows_done:,} of "
            f"{len(self.report.rows):,} rows); "
            if self.cancelled
            else ""
        )
        return (
            f"import {self.import_id}: {stopped}{w['owners']:,} owners, {w['dogs']:,} dogs, "
            f"{w['licenses']:,} licenses, {w['certificates']:,} rabies certificates and "
            f"{w['kennels']:,} kennels brought in; {w['merged']:,} rows merged; "
            f"{self.report.count('refuse'):,} rows refused"
        )


@contextmanager
def _bulk() -> Iterator[None]:
    """The cyclic garbage collector paused while rows are planned and written: it would scan
    the hundreds of thousands of rows and keys held, again and again, and a 50,000-dog import
    spent a third of its time there. Nothing planned holds a cycle; it runs again after."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _cells(
    mapping: Mapping[str, str], sheets: SourceSheets
) -> tuple[list[tuple[int, dict[str, str]]], dict[int, str]]:
    """Each dogs row as {field: text}, its owner's fields joined from the owners sheet; and
    the rows whose owner number is not on the owners sheet, with why."""
    dogs = sheets.dogs
    from_owners = owner_columns(mapping, sheets)
    columns = {
        key: dogs.column(header) for key, header in mapping.items() if key not in from_owners
    }
    owners: dict[str, dict[str, str]] = {}
    if sheets.owners is not None:
        ref_column = sheets.owners.column(mapping["owner_ref"])
        owner_cols = {key: sheets.owners.column(mapping[key]) for key in from_owners}
        for row in sheets.owners.rows:
            ref = row.get(ref_column).strip()
            if ref:
                owners[ref] = {key: row.get(col) for key, col in owner_cols.items()}
    rows: list[tuple[int, dict[str, str]]] = []
    unknown: dict[int, str] = {}
    for row in dogs.rows:
        cells = {key: row.get(col) for key, col in columns.items() if col >= 0}
        if sheets.owners is not None:
            ref = cells.get("owner_ref", "").strip()
            if ref not in owners:
                shown = printable(ref) or "(none)"
                unknown[row.number] = f"owner number {shown} is not on the owners sheet"
            else:
                cells.update(owners[ref])
        rows.append((row.number, cells))
    return rows, unknown


def _plan(
    database: Database,
    source: RegisterSource,
    mapping: Mapping[str, str],
    today: dt.date,
    sheets: SourceSheets | None,
) -> tuple[RegisterReport, list[PlannedRow], Planner]:
    sheets = sheets if sheets is not None else open_source(source)
    checked = check_mapping(mapping, sheets)
    rows, unknown = _cells(checked, sheets)
    with database.read() as session:
        profile = profile_in_force(session)
        planner = Planner(profile, today, load_lookups(session))
    planned = [
        PlannedRow(number, REFUSE, row_label(cells), unknown[number])
        if number in unknown
        else planner.plan(number, cells)
        for number, cells in rows
    ]
    report = RegisterReport(
        file_name=source.path.name,
        sheet=sheets.dogs.name,
        rows=tuple(RowReport(p.number, p.action, p.what, p.why) for p in planned),
        blank_rows=sheets.dogs.blank_rows,
        owners_new=planner.owners_new,
        dogs_new=planner.dogs_new,
        licenses_new=planner.licenses_new,
        certificates_new=planner.certificates_new,
        kennels_new=planner.kennels_new,
    )
    return report, planned, planner


def dry_run(
    database: Database,
    source: RegisterSource,
    mapping: Mapping[str, str],
    *,
    clock: Clock,
    sheets: SourceSheets | None = None,
) -> RegisterReport:
    """What the import would do with every row; nothing is written. ``sheets``: the file as
    ``open_source`` read it already (read again when not given)."""
    with _bulk():
        report, _planned, _planner = _plan(database, source, mapping, clock.today(), sheets)
    return report


def write_report(report: RegisterReport, path: Path) -> None:
    """The report as CSV beside the source: row number, take/merge/refuse with what, and why
    (UTF-8 with its mark, so Excel opens it with accents intact). Its text cells go through
    ``reports.cells.safe_text`` like every CSV ClerkDesk writes: a name from the old file that
    starts with "=" is never run as a formula, and no control character is written raw."""
    with path.open("w", encoding="utf-8-sig", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["row", "action", "what", "why"])
        for row in report.rows:
            out.writerow([row.row, row.action, safe_text(row.what), safe_text(row.why)])


def _started(
    database: Database, source: RegisterSource, sheet: str, actor: Actor, clock: Clock
) -> int:
    with acting(database, actor, Permission.IMPORT_RECORDS, clock=clock) as session:
        batch = ImportBatch(
            kind="register",
            file_name=source.path.name[:255],
            sheet=sheet[:120],
            state="running",
            started_at=clock.now(),
            imported_by=actor.name[:80],
            workstation=(actor.workstation or workstation_name())[:120],
        )
        session.add(batch)
        session.flush()
        return batch.id


def run(
    database: Database,
    source: RegisterSource,
    mapping: Mapping[str, str],
    *,
    actor: Actor,
    clock: Clock,
    progress: Step | None = None,
    cancelled: Callable[[], bool] | None = None,
    batch_rows: int = BATCH_ROWS,
    sheets: SourceSheets | None = None,
) -> ImportResult:
    """Bring the register in, ``batch_rows`` rows to a transaction. Refused rows are left out
    (the dry run says why); running the same file again adds nothing."""
    require(actor, Permission.IMPORT_RECORDS)
    with _bulk():
        return _run(
            database, source, mapping, actor, clock, progress, cancelled, batch_rows, sheets
        )


def _run(
    database: Database,
    source: RegisterSource,
    mapping: Mapping[str, str],
    actor: Actor,
    clock: Clock,
    progress: Step | None,
    cancelled: Callable[[], bool] | None,
    batch_rows: int,
    sheets: SourceSheets | None,
) -> ImportResult:
    report, planned, planner = _plan(database, source, mapping, clock.today(), sheets)
    import_id = _started(database, source, report.sheet, actor, clock)
    ctx = BatchContext(
        planner.profile, actor, clock.now(), clock.today(), import_id, source.path.name
    )
    done, total = Written(), Counts()
    rows_done, last_row, stopped = 0, 0, False
    for start in range(0, len(planned), batch_rows):
        batch = planned[start : start + batch_rows]
        writing = [row for row in batch if row.action != REFUSE]
        try:
            with acting(database, actor, Permission.IMPORT_RECORDS, clock=clock) as session:
                for year_start, least in planner.max_numbers.items():
                    numbers_at_least(session, year_start, least)
                counts = write_batch(session, writing, done, ctx)
                counts.rows = len(batch)
                _count(session, import_id, counts, len(batch) - len(writing))
                audit_batch(session, ctx, batch[0].number, batch[-1].number, counts)
        except IntegrityError as exc:
            _finish(database, import_id, "cancelled", actor, clock)
            raise ValidationError(
                f"rows {batch[0].number}–{batch[-1].number} could not be written (another "
                "workstation may have given out the same tag or license at the same moment); "
                f"the rows before row {batch[0].number} are in. Run the dry run again."
            ) from exc
        total.add(counts)
        rows_done += len(batch)
        last_row = batch[-1].number
        try:
            if progress is not None:
                progress(rows_done, len(planned), f"row {last_row:,} of {source.path.name}")
            if cancelled is not None and cancelled() and rows_done < len(planned):
                stopped = True
        except Cancelled:
            stopped = rows_done < len(planned)
        if stopped:
            break
    _finish(database, import_id, "cancelled" if stopped else "complete", actor, clock)
    return ImportResult(import_id, report, total.plain(), rows_done, last_row, stopped)


def _count(session: Session, import_id: int, counts: Counts, refused: int) -> None:
    batch = session.get(ImportBatch, import_id)
    assert batch is not None
    batch.rows_done += counts.rows
    batch.owners_added += counts.owners
    batch.dogs_added += counts.dogs
    batch.dogs_merged += counts.merged
    batch.licenses_added += counts.licenses
    batch.certificates_added += counts.certificates
    batch.kennels_added += counts.kennels
    batch.refused += refused


def _finish(database: Database, import_id: int, state: str, actor: Actor, clock: Clock) -> None:
    with acting(database, actor, Permission.IMPORT_RECORDS, clock=clock) as session:
        batch = session.get(ImportBatch, import_id)
        if batch is not None:
            batch.state = state
            batch.finished_at = clock.now()

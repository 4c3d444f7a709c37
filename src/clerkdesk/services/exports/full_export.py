"""The full export: every table of the office's records as a CSV file in one zip, with a
manifest (town, schema revision, when, by whom, and each file's table, rows, SHA-256 and
columns), and, when asked, the same tables as one XLSX workbook.

Read in one snapshot (``snapshot``), a batch of rows at a time, so the counts agree across
tables and no table is ever whole in memory. Both files are written beside their places and
renamed in only once whole and once the export is in the audit trail: a Cancel, a failure,
a full disk or a killed process leaves nothing under either name.
"""

from __future__ import annotations

import contextlib
import csv
import hashlib
import io
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from sqlalchemy import Connection, select

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import require
from clerkdesk.services.exports import snapshot as snap
from clerkdesk.services.exports.audited import record_export
from clerkdesk.services.exports.manifest import (
    ENCODING,
    MANIFEST,
    AttachedFile,
    Manifest,
    TableFile,
)
from clerkdesk.services.exports.sheets import SHEET_ROWS, SheetBook
from clerkdesk.services.exports.tables import ExportedTable, exported_tables, left_out
from clerkdesk.services.exports.targets import distinct, partial, place, target
from clerkdesk.services.exports.values import csv_cell
from clerkdesk.services.progress import Cancelled, Step, no_progress

CANCELLED = "The export was cancelled; no file was written."
# Scans are large: a few at a time in memory, not a batch of thousands.
ATTACHMENT_BATCH = 16


@dataclass(frozen=True)
class FullExport:
    zip_path: Path
    xlsx_path: Path | None
    manifest: Manifest

    @property
    def rows(self) -> int:
        return sum(self.manifest.counts.values())


class _Run:
    """One export's reading and writing: the snapshot, the zip, the workbook, progress."""

    def __init__(
        self,
        connection: Connection,
        archive: zipfile.ZipFile,
        book: SheetBook | None,
        step: Step,
        cancelled: Callable[[], bool],
        stamp: tuple[int, int, int, int, int, int],
    ) -> None:
        self.stamp = stamp
        self.connection = connection
        self.archive = archive
        self.book = book
        self.step = step
        self.cancelled = cancelled
        self.done = 0
        self.total = 0

    def entry(self, path: str) -> zipfile.ZipInfo:
        """A file of the zip, dated when the export was taken."""
        info = zipfile.ZipInfo(path, date_time=self.stamp)
        info.compress_type = zipfile.ZIP_DEFLATED
        return info

    def moved(self, by: int, words: str) -> None:
        if self.cancelled():
            raise Cancelled(CANCELLED)
        self.done += by
        self.step(self.done, self.total, words)

    def table(self, plan: ExportedTable, expected: int) -> TableFile:
        table = plan.table
        query = select(*plan.columns).order_by(*table.primary_key.columns)
        path = f"tables/{table.name}.csv"
        digest = hashlib.sha256()
        rows = 0
        if self.book is not None:
            self.book.begin(table.name, plan.headings)
        with self.archive.open(self.entry(path), "w") as entry:

            def put(text: str, first: bool = False) -> None:
                data = text.encode(ENCODING if first else "utf-8")
                digest.update(data)
                entry.write(data)

            put(_csv_lines([plan.headings]), first=True)
            for batch in snap.streamed(self.connection, query):
                cells = [_with_files(plan, row) for row in batch]
                put(_csv_lines([[csv_cell(v) for v in row] for row in cells]))
                if self.book is not None:
                    for row in cells:
                        self.book.add(row)
                rows += len(batch)
                self.moved(len(batch), f"{table.name}: {rows:,} of {expected:,} rows")
        return TableFile(path, table.name, rows, digest.hexdigest(), plan.headings)

    def attachments(self, plan: ExportedTable) -> list[AttachedFile]:
        """Each binary value as a file of its own, named as its row's cell names it."""
        table = plan.table
        keys = list(table.primary_key.columns)
        named = [table.c[c] for c in ("filename",) if c in table.c]
        query = select(*keys, *named, *(table.c[c] for c in plan.files)).order_by(*keys)
        found: list[AttachedFile] = []
        for batch in snap.streamed(self.connection, query, batch=ATTACHMENT_BATCH):
            for row in batch:
                record = _record_id(row[: len(keys)])
                filename = row[len(keys)] if named else None
                for offset, column in enumerate(plan.files):
                    data = row[len(keys) + len(named) + offset]
                    if data is None:
                        continue
                    data = bytes(data)
                    path = _file_path(table.name, record, column, filename)
                    self.archive.writestr(self.entry(path), data)
                    digest = hashlib.sha256(data).hexdigest()
                    found.append(AttachedFile(path, table.name, record, len(data), digest))
            self.moved(len(batch), f"{table.name}: files of {len(found):,} records")
        return found


def _csv_lines(rows: list[list[str]] | list[tuple[str, ...]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows)
    return buffer.getvalue()


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _record_id(key: Any) -> str:
    return ",".join(str(part) for part in key)


def _file_path(table: str, record: str, column: str, filename: str | None) -> str:
    """``files/stored_document/12-rabies-scan.pdf``: the record's id first, so two files of
    one name never meet, then its own name made safe for any folder."""
    name = _UNSAFE.sub("_", filename or "").strip("._")[:80] or column
    return f"files/{table}/{_UNSAFE.sub('_', record)}-{name}"


def _with_files(plan: ExportedTable, row: Any) -> tuple[object, ...]:
    """The row as written: a binary value replaced by the path of its file in the zip."""
    values = tuple(row)
    if not plan.files:
        return values
    names = plan.headings
    keys = [names.index(c.name) for c in plan.table.primary_key.columns]
    record = _record_id(values[i] for i in keys)
    filename = values[names.index("filename")] if "filename" in names else None
    return tuple(
        None
        if value is None
        else _file_path(plan.name, record, name, filename if isinstance(filename, str) else None)
        if name in plan.files
        else value
        for name, value in zip(names, values, strict=True)
    )


def export_all(
    database: Database,
    out: Path,
    *,
    actor: Actor,
    clock: Clock,
    xlsx: Path | None = None,
    step: Step = no_progress,
    cancelled: Callable[[], bool] = lambda: False,
    rows_per_sheet: int = SHEET_ROWS,
) -> FullExport:
    """Write every record to the zip ``out`` (and the workbook ``xlsx``)."""
    require(actor, Permission.EXPORT_RECORDS)
    out = target(out, (".zip",), "zip")
    xlsx = target(xlsx, (".xlsx",), "workbook") if xlsx is not None else None
    distinct(out, xlsx)
    plans = exported_tables()
    with contextlib.ExitStack() as stack:
        zip_stream, zip_part = stack.enter_context(partial(out))
        written: list[tuple[BinaryIO, Path, Path]] = [(zip_stream, zip_part, out)]
        book: SheetBook | None = None
        if xlsx is not None:
            book = SheetBook(rows_per_sheet=rows_per_sheet)
            stack.callback(book.discard)
            xlsx_stream, xlsx_part = stack.enter_context(partial(xlsx))
            written.append((xlsx_stream, xlsx_part, xlsx))
        with (
            snap.snapshot(database) as connection,
            zipfile.ZipFile(zip_stream, "w", zipfile.ZIP_DEFLATED) as archive,
        ):
            now = clock.now()
            stamp = (max(now.year, 1980), now.month, now.day, now.hour, now.minute, now.second)
            run = _Run(connection, archive, book, step, cancelled, stamp)
            expected = {
                p.name: snap.count(connection, select(*p.table.primary_key.columns)) for p in plans
            }
            run.total = sum(expected.values()) + sum(expected[p.name] for p in plans if p.files)
            step(0, run.total, "Reading the records")
            files = [run.table(plan, expected[plan.name]) for plan in plans]
            attached = [a for plan in plans if plan.files for a in run.attachments(plan)]
            manifest = Manifest(
                town=snap.town_name(connection),
                schema_revision=snap.schema_revision(connection),
                exported_at=now.isoformat(),
                exported_by=actor.name,
                backend="sqlite" if database.is_sqlite else "postgresql",
                tables=tuple(files),
                attachments=tuple(attached),
                left_out=left_out(),
                xlsx=xlsx.name if xlsx is not None else None,
                xlsx_split=dict(book.split) if book is not None else {},
            )
            archive.writestr(run.entry(MANIFEST), manifest.as_json())
        if book is not None:
            step(run.total, run.total, "Writing the workbook")
            book.save(written[1][0])
        if cancelled():
            raise Cancelled(CANCELLED)
        record_export(
            database,
            "full",
            tuple(path for _s, _p, path in written),
            manifest.counts,
            actor=actor,
            clock=clock,
            details={"schema_revision": manifest.schema_revision},
        )
        place(written)
    step(run.total, run.total, "Done")
    return FullExport(out, xlsx, manifest)

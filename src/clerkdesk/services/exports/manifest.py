"""The full export's manifest (``manifest.json`` in the zip), and the check that a zip still
holds what its manifest says: every file there, its rows counted again, its SHA-256 the
same."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import zipfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

from clerkdesk.errors import ValidationError

MANIFEST = "manifest.json"
FORMAT = 1
ENCODING = "utf-8-sig"
"""The CSV files' encoding: UTF-8 with the byte-order mark spreadsheet programs look for."""


@dataclass(frozen=True)
class TableFile:
    path: str
    table: str
    rows: int
    sha256: str
    columns: tuple[str, ...]


@dataclass(frozen=True)
class AttachedFile:
    """A binary value (a scanned certificate) kept as a file of its own in the zip."""

    path: str
    table: str
    record_id: str
    bytes: int
    sha256: str


@dataclass(frozen=True)
class Manifest:
    town: str
    schema_revision: str | None
    exported_at: str
    exported_by: str
    backend: str
    tables: tuple[TableFile, ...]
    attachments: tuple[AttachedFile, ...] = ()
    left_out: dict[str, str] = field(default_factory=dict)
    xlsx: str | None = None
    xlsx_split: dict[str, list[str]] = field(default_factory=dict)

    def as_json(self) -> str:
        payload = {
            "format": FORMAT,
            "town": self.town,
            "schema_revision": self.schema_revision,
            "exported_at": self.exported_at,
            "exported_by": self.exported_by,
            "backend": self.backend,
            "csv": {
                "encoding": ENCODING,
                "dialect": "comma-separated, double quotes, CRLF line ends, one heading row",
                "values": "money as exact decimal text; days and moments ISO 8601 (moments "
                "in UTC); yes/no as true/false; empty for none",
                "escaped": "text beginning with = + - @, a tab or a carriage return carries a "
                "leading apostrophe, so no spreadsheet runs it as a formula",
            },
            "files": [asdict(t) | {"columns": list(t.columns)} for t in self.tables],
            "attachments": [asdict(a) for a in self.attachments],
            "left_out": self.left_out,
            "xlsx": self.xlsx,
            "xlsx_split_tables": self.xlsx_split,
        }
        return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"

    @property
    def counts(self) -> dict[str, int]:
        return {t.table: t.rows for t in self.tables}


def _read_manifest(archive: zipfile.ZipFile, shown: str) -> Manifest:
    try:
        payload = json.loads(archive.read(MANIFEST).decode("utf-8"))
        tables = tuple(
            TableFile(f["path"], f["table"], int(f["rows"]), f["sha256"], tuple(f["columns"]))
            for f in payload["files"]
        )
        attachments = tuple(AttachedFile(**a) for a in payload.get("attachments", []))
        return Manifest(
            str(payload.get("town", "")),
            payload.get("schema_revision"),
            str(payload["exported_at"]),
            str(payload["exported_by"]),
            str(payload.get("backend", "")),
            tables,
            attachments,
            dict(payload.get("left_out", {})),
            payload.get("xlsx"),
            dict(payload.get("xlsx_split_tables", {})),
        )
    except KeyError as exc:
        raise ValidationError(f"{shown} has no {MANIFEST} or it lacks {exc}.") from exc
    except (ValueError, TypeError) as exc:
        raise ValidationError(f"{shown}'s {MANIFEST} cannot be read ({exc}).") from exc


@dataclass(frozen=True)
class Verified:
    manifest: Manifest
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def _digest(archive: zipfile.ZipFile, path: str) -> str:
    digest = hashlib.sha256()
    with archive.open(path) as stream:
        while chunk := stream.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _heading_and_rows(archive: zipfile.ZipFile, path: str) -> tuple[tuple[str, ...], int]:
    """The heading row and how many rows follow it, read a row at a time."""
    with (
        archive.open(path) as stream,
        io.TextIOWrapper(stream, encoding=ENCODING, newline="") as text_,
    ):
        reader = csv.reader(text_)
        heading = tuple(next(reader, ()))
        return heading, sum(1 for _ in reader)


def _check_file(archive: zipfile.ZipFile, path: str, sha256: str) -> list[str]:
    try:
        if _digest(archive, path) != sha256:
            return [f"{path}: its SHA-256 differs from the manifest's"]
    except KeyError:
        return [f"{path} is missing"]
    except zipfile.BadZipFile as exc:
        return [f"{path} is damaged ({exc})"]
    return []


def _check_table(archive: zipfile.ZipFile, entry: TableFile) -> list[str]:
    problems = _check_file(archive, entry.path, entry.sha256)
    if problems:
        return problems
    try:
        heading, rows = _heading_and_rows(archive, entry.path)
    except (UnicodeDecodeError, csv.Error) as exc:
        return [f"{entry.path} cannot be read as CSV ({exc})"]
    if heading != entry.columns:
        problems.append(f"{entry.path}: its heading row differs from the manifest's columns")
    if rows != entry.rows:
        problems.append(f"{entry.path}: {rows:,} rows, the manifest says {entry.rows:,}")
    return problems


def verify_export(path: Path) -> Verified:
    """Read the zip at ``path`` again against its manifest. Raises ValidationError when the
    file is no export at all; a damaged one comes back with its problems listed."""
    shown = path.name
    if not path.is_file():
        raise ValidationError(f"There is no file {path}.", field="file")
    try:
        with zipfile.ZipFile(path) as archive:
            manifest = _read_manifest(archive, shown)
            problems: list[str] = []
            for entry in manifest.tables:
                problems.extend(_check_table(archive, entry))
            for attached in manifest.attachments:
                problems.extend(_check_file(archive, attached.path, attached.sha256))
    except zipfile.BadZipFile as exc:
        raise ValidationError(f"{shown} is not a zip file ({exc}).", field="file") from exc
    except (zipfile.LargeZipFile, OSError) as exc:
        raise ValidationError(f"{shown} cannot be read ({exc}).", field="file") from exc
    return Verified(manifest, tuple(problems))

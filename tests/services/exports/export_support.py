"""What the export tests share: a table's rows counted in the database, an export's zip
read back, and a resident whose name a spreadsheet would take for a formula."""

from __future__ import annotations

import csv
import io
import json
import zipfile
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from clerkdesk.db.database import Database
from clerkdesk.services.exports.tables import exported_tables

FORMULA_NAME = '=HYPERLINK("http://evil.example","click")'


def database_counts(database: Database) -> dict[str, int]:
    with database.read() as session:
        return {
            plan.name: int(session.scalar(select(func.count()).select_from(plan.table)) or 0)
            for plan in exported_tables()
        }


def manifest_of(path: Path) -> dict[str, Any]:
    with zipfile.ZipFile(path) as archive:
        found: dict[str, Any] = json.loads(archive.read("manifest.json"))
        return found


def csv_rows(path: Path, table: str) -> list[dict[str, str]]:
    with zipfile.ZipFile(path) as archive:
        text = archive.read(f"tables/{table}.csv").decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text, newline="")))


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())

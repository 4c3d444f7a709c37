"""Helpers for the backup tests: a backup's manifest rewritten (to fake a newer ClerkDesk's
backup), a file cut short, and the counts a database holds now."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from sqlalchemy import text

from clerkdesk.db.database import Database
from clerkdesk.services.backups.manifest import MANIFEST_NAME, Counts


def rewritten(backup: Path, target: Path, **changes: object) -> Path:
    """A copy of ``backup`` whose manifest says ``changes`` (the database left as it is)."""
    with zipfile.ZipFile(backup) as source, zipfile.ZipFile(target, "w") as copy:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == MANIFEST_NAME:
                manifest = json.loads(data)
                manifest.update(changes)
                data = json.dumps(manifest).encode()
            copy.writestr(item.filename, data)
    return target


def cut_short(backup: Path, target: Path, keep: float = 0.6) -> Path:
    data = backup.read_bytes()
    target.write_bytes(data[: int(len(data) * keep)])
    return target


def counts_now(database: Database) -> Counts:
    with database.read() as session:

        def count(table: str) -> int:
            return int(session.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())

        return Counts(count("owner"), count("dog"), count("license"), count("receipt"))

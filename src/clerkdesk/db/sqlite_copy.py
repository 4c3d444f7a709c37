"""A SQLite database copied whole while it is in use, and the copy checked.

SQLite's online backup copies page by page under its own locks, so a file in WAL mode with
a counter writing to it is copied as one consistent moment. The copy is switched to the
rollback journal, so it is one self-contained file (no ``-wal`` beside it) wherever it goes.
Used by the backup taken before a schema upgrade (``migrate``) and by the office's own
backups (``services.backups``).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path


def copy_sqlite(path: Path, target: Path) -> None:
    """``path``'s database copied into ``target`` (a new or empty file)."""
    source = sqlite3.connect(path)
    try:
        copy = sqlite3.connect(target)
        try:
            # A new copy needs no journal while it is filled (a copy cut short is thrown
            # away whole): none is left beside it by a copy killed halfway.
            copy.execute("PRAGMA journal_mode = OFF")
            source.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")
        finally:
            copy.close()
    finally:
        source.close()


def integrity_problem(path: Path) -> str | None:
    """None when ``PRAGMA integrity_check`` finds ``path`` whole; else its first words.
    Opened read-only, so checking never writes a journal beside a backup."""
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        return str(exc)
    try:
        rows = connection.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.Error as exc:
        return str(exc)
    finally:
        connection.close()
    said = [str(row[0]) for row in rows]
    return None if said == ["ok"] else "; ".join(said[:3])

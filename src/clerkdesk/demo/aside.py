"""A demo town built whole or not at all: into a hidden SQLite file beside the office's
file, renamed over it once every step is done.

The demo writes thousands of transactions through the counter's own services (its history
cannot be one transaction), so a run stopped halfway (a closed terminal, a kill, a power
cut) would leave a town with its rules and some dogs but no people to sign in as, which
``demo --if-empty`` then took for a filled database. Built aside, a stopped run leaves the
office's file as it was, and the next run clears the hidden file and starts again.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from sqlalchemy import func, select

from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.models import Dog
from clerkdesk.models.users import User

T = TypeVar("T")


def building_file(path: Path) -> Path:
    return path.with_name(f".{path.name}.demo-building")


def _remove(path: Path) -> None:
    for leftover in (path, *(Path(f"{path}{end}") for end in ("-wal", "-shm", "-journal"))):
        with contextlib.suppress(OSError):
            leftover.unlink(missing_ok=True)


def may_build_aside(database: Database) -> bool:
    """A SQLite file with no dogs and no people yet: nothing in it is an office's own, so a
    demo built beside it may take its place (PostgreSQL is filled in place)."""
    if database.sqlite_path is None:
        return False
    with database.read() as session:
        dogs = session.scalar(select(func.count()).select_from(Dog)) or 0
        users = session.scalar(select(func.count()).select_from(User)) or 0
    return dogs == 0 and users == 0


def build_aside(path: Path, build: Callable[[Database], T]) -> T:
    """``build`` run on a new database beside ``path``, which then replaces ``path`` whole
    (in one file, no write-ahead log beside it). Whoever calls it has closed ``path``."""
    side = building_file(path)
    _remove(side)  # what a run stopped before left
    try:
        database = Database.open(f"sqlite:///{side}")
        try:
            upgrade_to_head(database, backup=False)
            result = build(database)
        finally:
            database.dispose()
        connection = sqlite3.connect(side)
        try:
            connection.execute("PRAGMA journal_mode = DELETE")
        finally:
            connection.close()
        # A log left beside the old file would be read into the new one: gone first.
        for end in ("-wal", "-shm"):
            Path(f"{path}{end}").unlink(missing_ok=True)
        os.replace(side, path)
    except BaseException:
        _remove(side)
        raise
    return result

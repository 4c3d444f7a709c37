"""A backup killed outright (kill -9, a power cut) leaves no file at its name: only a hidden
``.part`` file, which no one takes for a backup and the next backup there clears."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from command_user import CLI_PASSWORD, CLI_USER, add_cli_user

from clerkdesk.db.database import Database

# Incompressible bytes, so the backup takes long enough to be caught writing.
BALLAST_MB = 80


def test_a_backup_killed_while_writing_leaves_no_file_at_its_name(
    sqlite_database: Database, tmp_path: Path
) -> None:
    # GIVEN an office whose database is large enough to take a moment to back up
    add_cli_user(sqlite_database)
    path = sqlite_database.sqlite_path
    assert path is not None
    sqlite_database.dispose()
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE ballast (b BLOB)")
        conn.executemany("INSERT INTO ballast VALUES (randomblob(1048576))", [()] * BALLAST_MB)
    conn.close()
    folder = tmp_path / "share"
    folder.mkdir()
    target = folder / "office.zip"
    env = dict(os.environ, CLERKDESK_USER=CLI_USER, CLERKDESK_PASSWORD=CLI_PASSWORD)

    # WHEN the backup is killed once its work has begun in the folder
    process = subprocess.Popen(
        [sys.executable, "-m", "clerkdesk", "--db", f"sqlite:///{path}", "backup", "--out",
         str(target)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    try:
        while not any(p.suffix == ".part" and p.stat().st_size > 0 for p in folder.iterdir()):
            assert process.poll() is None, "the backup finished before it could be caught"
            assert time.monotonic() < deadline
            time.sleep(0.005)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)

    # THEN there is no backup under its name, and nothing there looks like one
    assert process.returncode == -signal.SIGKILL
    assert not target.exists()
    left = sorted(p.name for p in folder.iterdir())
    assert all(n.startswith(".office-") and n.endswith(".part") for n in left), left

"""A process killed outright (kill -9, a power cut) while it exports leaves no file under
the export's name: only a hidden ``.part`` file, which the next export beside it clears once
it is an hour old (``clerkdesk.whole_files``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from clerkdesk.db.database import Database

_EXPORT = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from clerkdesk.clock import SystemClock
    from clerkdesk.db.database import Database
    from clerkdesk.rules.roles import Actor, Role
    from clerkdesk.services.exports.full_export import export_all

    def stalls(done, total, words):
        Path(sys.argv[3]).touch()
        time.sleep(60)

    export_all(
        Database.open(sys.argv[1]), Path(sys.argv[2]), xlsx=Path(sys.argv[2]).with_suffix(".xlsx"),
        actor=Actor("clerk", Role.CLERK), clock=SystemClock(), step=stalls,
    )
    """
)


def test_a_killed_export_leaves_no_file_under_its_name(
    sqlite_database: Database, sqlite_url: str, tmp_path: Path
) -> None:
    out = tmp_path / "exports"
    out.mkdir()
    started = tmp_path / "started"
    process = subprocess.Popen(
        [sys.executable, "-c", _EXPORT, sqlite_url, str(out / "records.zip"), str(started)]
    )
    try:
        deadline = time.monotonic() + 60
        while not started.exists() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert started.exists(), "the export never began"
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait(timeout=30)
    names = sorted(p.name for p in out.iterdir())
    assert "records.zip" not in names and "records.xlsx" not in names
    assert names and all(n.startswith(".records-") and n.endswith(".part") for n in names)

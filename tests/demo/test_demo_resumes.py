"""An interrupted demo finishes on the next `make run` (`demo --if-empty`): a run stopped
after the town's rules were saved, and one killed outright while it builds, leave an
office the next run fills, with its people to sign in as."""

from __future__ import annotations

import datetime as dt
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.demo.aside import building_file
from clerkdesk.demo.history import DEMO_ACTOR
from clerkdesk.rules import presets
from clerkdesk.services.town import save_town_profile

NOW = dt.datetime(2026, 6, 1, 14, tzinfo=dt.UTC)


def _clerkdesk(tmp: Path, *argv: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        env[name] = str(tmp / name.lower())
    env.pop("CLERKDESK_DB_URL", None)
    return subprocess.Popen(
        [sys.executable, "-m", "clerkdesk", *argv],
        env=env,
        cwd=tmp,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def _finished(tmp: Path, url: str) -> tuple[int, str, str]:
    process = _clerkdesk(tmp, "--db", url, "demo", "--if-empty", "--dogs", "30", "--years", "0")
    out, err = process.communicate(timeout=300)
    return process.returncode, out.decode(), err.decode()


def _people_and_dogs(path: Path) -> tuple[int, int]:
    connection = sqlite3.connect(path)
    try:
        users = connection.execute("SELECT count(*) FROM app_user").fetchone()[0]
        dogs = connection.execute("SELECT count(*) FROM dog").fetchone()[0]
    finally:
        connection.close()
    return int(users), int(dogs)


def test_a_demo_stopped_after_saving_the_rules_finishes_next_time(tmp_path: Path) -> None:
    # GIVEN what an earlier demo left when stopped just after saving the town's rules
    path = tmp_path / "office.sqlite"
    database = Database.open(f"sqlite:///{path}")
    upgrade_to_head(database)
    save_town_profile(
        database,
        presets.preset_toml("westborough"),
        actor=DEMO_ACTOR,
        clock=FixedClock(NOW),
        note="demo town, seed 1",
    )
    database.dispose()

    # WHEN the next `make run` asks for the demo again
    status, out, err = _finished(tmp_path, f"sqlite:///{path}")

    # THEN it finishes (not "the rules are the same as version 1"), with people to sign in as
    assert status == 0, err
    assert "same as version" not in err and "sign in as admin" in out
    assert _people_and_dogs(path) == (5, 30)


def test_a_demo_killed_while_it_builds_leaves_the_file_and_finishes_next_time(
    tmp_path: Path,
) -> None:
    # GIVEN a demo killed outright while it builds (an empty file left where the office goes,
    # as a first run killed in its first moment leaves)
    path = tmp_path / "office.sqlite"
    path.touch()
    url = f"sqlite:///{path}"
    process = _clerkdesk(tmp_path, "--db", url, "demo", "--dogs", "3000", "--years", "1")
    side = building_file(path)
    deadline = time.monotonic() + 120
    while not (side.exists() and side.stat().st_size > 200_000) and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=30)
    assert side.exists(), "the demo was not caught while it built"
    # THEN the office's file holds no half town (no dogs, no people)
    assert _people_and_dogs(path) == (0, 0)

    # WHEN the next run asks for the demo THEN it builds it whole, and clears what was left
    status, _, err = _finished(tmp_path, url)
    assert status == 0, err
    assert _people_and_dogs(path) == (5, 30)
    assert not side.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []

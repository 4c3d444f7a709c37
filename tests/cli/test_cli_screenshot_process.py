"""``clerkdesk screenshot`` in an installation that lacks a module: one line and exit 2, as a
real process, never a window waiting offscreen on an error dialog nobody can answer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from clerkdesk.cli.main import main

# Put on PYTHONPATH, it makes the module named by CLERKDESK_TEST_BLOCK unimportable, as a
# bundle that left it out would be.
BLOCKER = """
import os, sys

_BLOCKED = os.environ.get("CLERKDESK_TEST_BLOCK", "")


class _Block:
    def find_spec(self, name, path=None, target=None):
        if name == _BLOCKED or name.startswith(_BLOCKED + "."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


if _BLOCKED:
    sys.meta_path.insert(0, _Block())
"""


def _clerkdesk(*argv: str, tmp: Path, env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    """``python -m clerkdesk ARGV`` with its user folders in ``tmp``, given a minute: the
    hang this guards against would otherwise be the suite's."""
    full = dict(os.environ) | env
    for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        full[name] = str(tmp / name.lower())
    for name in ("CLERKDESK_DB_URL", "CLERKDESK_USER", "CLERKDESK_PASSWORD"):
        full.pop(name, None)  # the demo's administrator signs in
    return subprocess.run(
        [sys.executable, "-m", "clerkdesk", *argv],
        capture_output=True,
        env=full,
        cwd=tmp,
        timeout=60,
        check=False,
    )


@pytest.fixture(scope="module")
def demo_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('shot') / 'demo.sqlite'}"
    assert main(["--db", url, "demo", "--dogs", "5"]) == 0
    return url


@pytest.mark.parametrize(
    ("blocked", "where"),
    [
        # Opening the database imports the screens on a worker: the window's error dialog.
        ("clerkdesk.ui.views.kennels", "worker"),
        # Imported inside a slot once the administrator is signed in: an unhandled exception.
        ("clerkdesk.services.office_setup", "slot"),
        # Before any window: the command's own import of Qt.
        ("PySide6.QtWidgets", "import"),
    ],
    ids=lambda value: value,
)
def test_a_missing_module_is_one_line_and_exit_2(
    blocked: str, where: str, demo_url: str, tmp_path: Path
) -> None:
    # GIVEN an installation where one module cannot be imported
    (tmp_path / "blocker").mkdir()
    (tmp_path / "blocker" / "sitecustomize.py").write_text(BLOCKER, encoding="utf-8")
    target = tmp_path / "shot.png"
    # WHEN a screenshot is asked of it (offscreen, as the installers' smoke test runs it)
    env = {
        "PYTHONPATH": str(tmp_path / "blocker"),
        "CLERKDESK_TEST_BLOCK": blocked,
        "QT_QPA_PLATFORM": "offscreen",
    }
    try:
        done = _clerkdesk("--db", demo_url, "screenshot", str(target), tmp=tmp_path, env=env)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the screenshot hung with {blocked} missing ({where})")
    # THEN it ends at once with one line naming the module, and writes no picture
    assert done.returncode == 2, done.stderr
    assert b"Traceback" not in done.stderr
    assert done.stdout == b""
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1, lines
    assert blocked in lines[0] and "self-check" in lines[0], lines[0]
    assert not target.exists()

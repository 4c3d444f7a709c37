"""``clerkdesk self-check`` and the window's pre-start check as real processes: what an IT
person runs, and what a clerk's double-click runs on a machine lacking a library of Qt's."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from bad_inputs import clerkdesk_process

from fake_ldd import folder_lacking, path_with

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "qt-system-libs.sh"
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Qt's xcb is Linux's")


def test_self_check_passes_on_this_machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # GIVEN a new login (empty data, log and settings folders), offscreen
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")

    done = clerkdesk_process("self-check", tmp=tmp_path)

    out = done.stdout.decode()
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""
    assert out.startswith("all well: 7 checks passed\n")
    assert "note: QT_QPA_PLATFORM=offscreen" in out
    # Nothing is left of its tries but the log every command writes.
    left = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert left == ["xdg_state_home/ClerkDesk/log/clerkdesk.log"]


@linux
def test_a_machine_missing_libxcb_icccm4_is_told_that_package(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = folder_lacking(tmp_path / "bin", "libxcb-icccm.so.4")
    monkeypatch.setenv("PATH", path_with(fake))
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")

    done = clerkdesk_process("self-check", tmp=tmp_path)

    err = done.stderr.decode()
    assert done.returncode == 2 and done.stdout == b""
    assert len(err.splitlines()) == 1 and "apt-get install libxcb-icccm4" in err


@linux
def test_the_window_does_not_start_qt_without_its_library_and_says_which(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # GIVEN a desktop (a display is named; none is there, so were Qt started it would
    # abort) whose machine lacks libxcb-icccm.so.4
    monkeypatch.setenv("PATH", path_with(folder_lacking(tmp_path / "bin", "libxcb-icccm.so.4")))
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":97")

    # WHEN the clerk starts ClerkDesk
    done = clerkdesk_process("--db", f"sqlite:///{tmp_path / 'office.sqlite'}", tmp=tmp_path)

    # THEN it stops before Qt, in one line naming the package, not Qt's misleading abort
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert err.splitlines() == [
        "clerkdesk: Qt's window (platform xcb) needs system libraries this machine lacks "
        f"(libxcb-icccm.so.4); install them: {'' if os.geteuid() == 0 else 'sudo '}"
        "apt-get install libxcb-icccm4"
    ]


def test_the_pre_start_check_loads_no_qt(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from clerkdesk.self_check.qt_libraries import window_problem\n"
        "window_problem({'QT_QPA_PLATFORM': 'xcb', 'DISPLAY': ':0'})\n"
        "loaded = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', "
        "'clerkdesk.self_check.modules', 'sqlalchemy'))]\n"
        "assert not loaded, loaded\n"
    )
    done = clerkdesk_process("-c", code, tmp=tmp_path, module=False)
    assert done.returncode == 0, done.stderr.decode()


@linux
def test_the_make_run_script_names_the_same_package(tmp_path: Path) -> None:
    # GIVEN the same machine, and no apt-get to install with (so the script only says)
    fake = folder_lacking(tmp_path / "bin", "libxcb-icccm.so.4")
    for tool in ("uname", "id"):
        found = shutil.which(tool)
        assert found
        (fake / tool).symlink_to(found)
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    env.update(PATH=str(fake), DISPLAY=":97")

    done = subprocess.run(
        [shutil.which("bash") or "bash", str(SCRIPT), sys.executable],
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )

    assert done.returncode == 1
    assert done.stderr.decode().strip().endswith("(on Debian or Ubuntu: libxcb-icccm4)")

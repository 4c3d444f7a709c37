"""Qt's window and the system libraries it needs: the missing ones named with their Debian
package, from what the dynamic linker says (a machine lacking one is played by ``fake_ldd``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from clerkdesk.self_check.qt_check import check_qt, linux_parts, missing_packages
from clerkdesk.self_check.qt_libraries import (
    LddUnavailable,
    missing_by_file,
    platform_candidates,
    plugin_files,
    pyside_dir,
    qt_dir,
    run_ldd,
    window_problem,
)
from fake_ldd import ldd_lacking

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ldd is Linux's")
X11 = {"QT_QPA_PLATFORM": "xcb", "DISPLAY": ":0"}
QT = qt_dir(pyside_dir() or Path("nowhere"))
LDD_OF_TWO = """\
/opt/a.so:
\tlinux-vdso.so.1 (0x00007ffd)
\tlibxcb-icccm.so.4 => not found
\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f)
/opt/b.so:
\tlibEGL.so.1 => not found
\tlibxcb-icccm.so.4 => not found
"""


def test_ldd_text_is_read_file_by_file() -> None:
    files = [Path("/opt/a.so"), Path("/opt/b.so")]
    found = missing_by_file(files, lambda _files: LDD_OF_TWO)
    assert found == {
        files[0]: ["libxcb-icccm.so.4"],
        files[1]: ["libEGL.so.1", "libxcb-icccm.so.4"],
    }
    one = missing_by_file([files[0]], lambda _f: "\tlibxcb-cursor.so.0 => not found\n")
    assert one == {files[0]: ["libxcb-cursor.so.0"]}


def test_a_machine_missing_libxcb_icccm4_is_told_that_package_before_qt_loads() -> None:
    # GIVEN a machine whose dynamic linker cannot find libxcb-icccm.so.4
    ldd = ldd_lacking("libxcb-icccm.so.4")

    # WHEN the window is about to start on X11
    problem = window_problem(X11, ldd)

    # THEN one line names the library and the package that brings it
    assert problem is not None
    line = problem.line()
    assert "libxcb-icccm.so.4" in line and "apt-get install libxcb-icccm4" in line
    assert line.startswith("Qt's window (platform xcb) needs system libraries")


def test_the_self_check_names_every_missing_package_in_one_line() -> None:
    finding = check_qt(X11, ldd_lacking("libxcb-icccm.so.4", "libxcb-cursor.so.0"))
    assert [p.line().count("apt-get install") for p in finding.problems] == [1]
    line = finding.problems[0].line()
    command = line.rsplit("apt-get install ", 1)[1]
    assert sorted(command.split()) == ["libxcb-cursor0", "libxcb-icccm4"]
    assert "libxcb-icccm.so.4" in line and "libxcb-cursor.so.0" in line


def test_a_library_of_a_qt_module_is_named_with_the_module() -> None:
    finding = check_qt(X11, ldd_lacking("libEGL.so.1"))
    line = finding.problems[0].line()
    assert "PySide6.QtGui" in line or "more parts of Qt" in line
    assert line.endswith("libegl1")


def test_this_machine_has_every_library_qt_needs() -> None:
    assert window_problem(X11) is None
    finding = check_qt(X11)
    assert finding.ok, finding.problems
    assert "Qt's window (platform xcb) loads" in finding.passed
    assert missing_packages() == []


def test_offscreen_needs_no_x11_and_says_so() -> None:
    env = {"QT_QPA_PLATFORM": "offscreen"}
    assert window_problem(env, ldd_lacking("libxcb-icccm.so.4")) is None
    finding = check_qt(env, ldd_lacking("libxcb-icccm.so.4"))
    assert finding.ok
    assert any("X11 (xcb)" in note and "not needed" in note for note in finding.notes)


def test_a_wayland_session_falls_back_to_x11_as_qt_does() -> None:
    session = {"XDG_SESSION_TYPE": "wayland", "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}
    assert platform_candidates(session) == ["wayland", "xcb"]
    if not plugin_files(QT, "wayland"):
        pytest.skip("this PySide6 has no Wayland plugin")
    # GIVEN Wayland's plugin cannot load, THEN Qt starts on X11, so nothing is in the way
    no_wayland = ldd_lacking("libwayland-client.so.0")
    assert window_problem(session, no_wayland) is None
    finding = check_qt(session, no_wayland)
    assert finding.ok and "platform xcb" in finding.passed
    # ...but when X11 lacks a library too, nothing can start: the first platform's are named.
    both = window_problem(session, ldd_lacking("libwayland-client.so.0", "libxcb-icccm.so.4"))
    assert both is not None and "libwayland-client0" in both.line()


def test_the_platform_list_is_read_as_qt_reads_it() -> None:
    assert platform_candidates({}) == ["xcb"]
    assert platform_candidates({"QT_QPA_PLATFORM": "vnc:size=800x600"}) == ["vnc"]
    assert platform_candidates({"QT_QPA_PLATFORM": "wayland;xcb"}) == ["wayland", "xcb"]
    assert platform_candidates({"XDG_SESSION_TYPE": "wayland"}) == ["xcb"]  # no compositor


def test_a_platform_qt_lacks_is_named_with_those_it_has() -> None:
    finding = check_qt({"QT_QPA_PLATFORM": "xbc"})
    line = finding.problems[0].line()
    assert "QT_QPA_PLATFORM=xbc names no platform" in line and "xcb" in line
    assert "unset QT_QPA_PLATFORM" in line


def test_without_ldd_the_libraries_are_a_note_and_the_window_is_left_to_qt() -> None:
    def no_ldd(_files: Sequence[Path]) -> str:
        raise LddUnavailable("ldd is not on this machine")

    assert window_problem(X11, no_ldd) is None
    finding = check_qt(X11, no_ldd)
    assert finding.ok and "were not checked" in finding.notes[0]


def test_the_parts_checked_follow_the_apps_qt_modules() -> None:
    pyside = pyside_dir()
    assert pyside is not None
    labels = [part.label for part in linux_parts(QT, pyside, ["xcb"], ["QtCore", "QtWidgets"])]
    assert labels[0] == "Qt's window (platform xcb)"
    assert "PySide6.QtWidgets" in labels and "PySide6.QtPrintSupport" not in labels


def test_ldd_itself_answers_for_the_window_plugin() -> None:
    text = run_ldd(plugin_files(QT, "xcb"))
    assert "libxcb-icccm.so.4 =>" in text  # what the fake machine's answer is made from

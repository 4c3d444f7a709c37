"""The one table of system libraries' Debian packages, and the rule for a library it lacks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clerkdesk.self_check import system_packages
from clerkdesk.self_check.system_packages import (
    DEBIAN_PACKAGES,
    debian_package,
    install_fix,
    packages_for,
)

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "qt-system-libs.sh"


@pytest.mark.parametrize(
    ("soname", "package"),
    [
        ("libxcb-icccm.so.4", "libxcb-icccm4"),
        ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
        ("libEGL.so.1", "libegl1"),
        ("libfontconfig.so.1", "libfontconfig1"),
        ("libxcb-cursor.so.0", "libxcb-cursor0"),
        ("libgthread-2.0.so.0", "libglib2.0-0"),
    ],
)
def test_the_table_names_the_package_of_each_library_qt_loads(soname: str, package: str) -> None:
    assert debian_package(soname) == package


@pytest.mark.parametrize(
    ("soname", "package"),
    [
        ("libxcb-ewmh.so.2", "libxcb-ewmh2"),
        ("libfoo2.so.0", "libfoo2-0"),
        ("libSomething_Odd.so.3.1.4", "libsomething-odd3"),
        ("libplain.so", "libplain"),
    ],
)
def test_a_library_the_table_lacks_is_named_as_debian_names_packages(
    soname: str, package: str
) -> None:
    assert soname not in DEBIAN_PACKAGES
    assert debian_package(soname) == package


def test_each_package_is_named_once_in_the_order_first_needed() -> None:
    names = ["libgio-2.0.so.0", "libEGL.so.1", "libglib-2.0.so.0"]
    assert packages_for(names) == ["libglib2.0-0", "libegl1"]


def test_the_fix_is_the_apt_get_line_where_apt_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(system_packages.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert install_fix(["libxcb-icccm4"]).endswith("apt-get install libxcb-icccm4")
    monkeypatch.setattr(system_packages.shutil, "which", lambda name: None)
    assert install_fix(["libxcb-icccm4"]) == (
        "install the packages that provide them (on Debian or Ubuntu: libxcb-icccm4)"
    )


def test_the_make_run_script_keeps_no_table_of_its_own() -> None:
    # It asks `python -m clerkdesk.self_check.qt_check`, so the two cannot disagree; a
    # table copied back into it would.
    text = SCRIPT.read_text(encoding="utf-8")
    assert "clerkdesk.self_check.qt_check" in text
    assert re.search(r"lib[\w-]+\.so\.\d", text) is None, "the script names a library itself"

"""The .deb's Depends: every library the bundle needs and does not ship, as a package."""

from __future__ import annotations

import pytest
from installer_code import debian

from clerkdesk.self_check.system_packages import DEBIAN_PACKAGES


def test_what_the_bundle_ships_is_not_a_dependency() -> None:
    needed = {"libQt6Core.so.6", "libxcb-cursor.so.0", "libfontconfig.so.1", "libc.so.6"}

    found = debian.depends(needed, shipped={"libQt6Core.so.6"})

    assert {"libxcb-cursor0", "libfontconfig1", "libc6"} <= set(found)
    assert set(debian.ALWAYS) <= set(found)
    assert found == sorted(found)
    assert not any("qt6" in name.lower() for name in found)


def test_an_unknown_library_fails_the_build_with_its_name() -> None:
    with pytest.raises(debian.UnknownLibrary, match=r"libgtk-3\.so\.0"):
        debian.depends({"libgtk-3.so.0", "libc.so.6"}, shipped=set())


def test_the_deb_names_the_packages_self_check_names() -> None:
    # One table: what `clerkdesk self-check` and `make run` install, the .deb depends on.
    assert len(DEBIAN_PACKAGES) > 25
    assert {soname: debian.package_of(soname) for soname in DEBIAN_PACKAGES} == DEBIAN_PACKAGES


def test_the_xcb_libraries_qt_names_are_desktop_ones() -> None:
    for soname in ("libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxkbcommon-x11.so.0"):
        assert soname in debian.DESKTOP


def test_the_control_file_names_the_depends_on_one_line() -> None:
    text = debian.control("0.1.0", ["libc6", "libxcb1"], 1234)

    assert "\nDepends: libc6, libxcb1\n" in text
    assert "\nInstalled-Size: 1234\n" in text
    assert text.endswith("\n") and "Architecture: amd64" in text

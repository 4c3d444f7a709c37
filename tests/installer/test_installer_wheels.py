"""Unpacking a wheel into the Windows tree: importable files only."""

from __future__ import annotations

import zipfile
from pathlib import Path, PurePosixPath

import pytest
from installer_code import wheels


@pytest.mark.parametrize(
    ("member", "target"),
    [
        ("pkg/__init__.py", "pkg/__init__.py"),
        ("pkg-1.0.dist-info/METADATA", "pkg-1.0.dist-info/METADATA"),
        ("pkg-1.0.data/purelib/extra.py", "extra.py"),
        ("pkg-1.0.data/platlib/_speed.pyd", "_speed.pyd"),
        ("pkg-1.0.data/scripts/pkg-cli", None),
        ("pkg-1.0.data/headers/pkg.h", None),
        ("pkg/__pycache__/x.cpython-311.pyc", None),
        ("pkg/", None),
    ],
)
def test_each_member_goes_where_an_install_puts_it(member: str, target: str | None) -> None:
    assert wheels.target_of(member) == (PurePosixPath(target) if target else None)


def test_a_member_that_climbs_out_is_refused() -> None:
    with pytest.raises(ValueError, match="unsafe path"):
        wheels.target_of("../../evil.py")


def test_a_wheel_unpacks_into_site_packages(tmp_path: Path) -> None:
    wheel = tmp_path / "pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("pkg/__init__.py", "X = 1\n")
        archive.writestr("pkg-1.0.data/scripts/pkg", "#!/usr/bin/python\n")
        archive.writestr("pkg-1.0.dist-info/licenses/LICENSE", "MIT\n")
    site = tmp_path / "site-packages"

    assert wheels.unpack(wheel, site) == 2
    assert (site / "pkg" / "__init__.py").read_text() == "X = 1\n"
    assert (site / "pkg-1.0.dist-info" / "licenses" / "LICENSE").exists()
    assert not (site / "pkg-1.0.data").exists()

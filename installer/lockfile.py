"""The lock file: every artifact the installers download, pinned by name, version and sha256.

One line per file, four columns separated by spaces::

    windows  pyside6==6.11.3  pyside6-6.11.3-cp310-abi3-win_amd64.whl  9f2c...

The group says what the file is for: ``embed`` (the embeddable CPython for Windows),
``windows`` (the wheels installed into it), ``linux`` (the wheels frozen by PyInstaller),
``tools`` (what builds the installers: PyInstaller, hatchling, pefile). ``#`` starts a comment.
A plain text format rather than TOML so that a diff of a re-lock reads one line per change.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

GROUPS = ("embed", "windows", "linux", "tools")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([A-Za-z0-9.+!_-]+)$")


class LockError(ValueError):
    """A lock file line that cannot be read, or a file whose hash is not the pinned one."""


@dataclass(frozen=True)
class Entry:
    group: str
    name: str
    version: str
    filename: str
    sha256: str

    @property
    def requirement(self) -> str:
        """What pip is asked for, hash included, so pip itself refuses another file."""
        return f"{self.name}=={self.version} --hash=sha256:{self.sha256}"

    @property
    def is_wheel(self) -> bool:
        return self.filename.endswith(".whl")


def normalize(name: str) -> str:
    """A project name as PyPI compares them (PEP 503): lower case, runs of -_. as one -."""
    return re.sub(r"[-_.]+", "-", name).lower()


def parse(text: str, source: str = "installers.lock") -> list[Entry]:
    entries: list[Entry] = []
    seen: set[tuple[str, str]] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{source}:{number}"
        fields = line.split()
        if len(fields) != 4:
            raise LockError(f"{where}: expected 4 columns (group name==version file sha256)")
        group, pin, filename, digest = fields
        if group not in GROUPS:
            raise LockError(f"{where}: unknown group {group!r} (one of {', '.join(GROUPS)})")
        match = _PIN.match(pin)
        if not match:
            raise LockError(f"{where}: {pin!r} is not name==version")
        if not _SHA256.match(digest):
            raise LockError(f"{where}: {digest!r} is not a sha256 in lower-case hex")
        if "/" in filename or "\\" in filename or filename.startswith("."):
            raise LockError(f"{where}: {filename!r} must be a plain file name")
        name, version = normalize(match.group(1)), match.group(2)
        if (group, filename) in seen:
            raise LockError(f"{where}: {filename} is listed twice in {group}")
        seen.add((group, filename))
        entries.append(Entry(group, name, version, filename, digest))
    return entries


def render(entries: Iterable[Entry], header: str = "") -> str:
    rows = sorted(entries, key=lambda e: (GROUPS.index(e.group), e.name, e.filename))
    width_pin = max((len(f"{e.name}=={e.version}") for e in rows), default=0)
    width_file = max((len(e.filename) for e in rows), default=0)
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    for e in rows:
        pin = f"{e.name}=={e.version}"
        lines.append(f"{e.group:<8} {pin:<{width_pin}} {e.filename:<{width_file}} {e.sha256}")
    return "\n".join(lines) + "\n"


def in_group(entries: Iterable[Entry], *groups: str) -> list[Entry]:
    return [e for e in entries if e.group in groups]


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def check(path: Path, entry: Entry) -> None:
    """Raise LockError unless ``path`` holds exactly the pinned bytes."""
    found = sha256_of(path)
    if found != entry.sha256:
        raise LockError(
            f"{path.name}: sha256 {found} is not the pinned {entry.sha256}; "
            "delete the file to download it again, or re-lock on purpose (build.py lock)"
        )


def pin_of_filename(filename: str) -> tuple[str, str]:
    """Name and version from a wheel's or an sdist's file name (PEP 427 / PEP 625)."""
    if filename.endswith(".whl"):
        name, version = filename[: -len(".whl")].split("-")[:2]
    else:
        stem = re.sub(r"\.(tar\.gz|zip|tar\.bz2)$", "", filename)
        name, _, version = stem.rpartition("-")
    if not name or not version:
        raise LockError(f"cannot read name and version from {filename!r}")
    return normalize(name), version

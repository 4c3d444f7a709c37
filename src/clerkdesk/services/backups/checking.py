"""Checking a backup file before anyone trusts it: that it is a ClerkDesk backup at all,
whole (the zip's own checks and the manifest's SHA-256), from a schema this ClerkDesk knows,
and that the database inside reads (SQLite's ``integrity_check``; ``pg_restore --list`` for
a PostgreSQL dump, where the client tools are installed)."""

from __future__ import annotations

import hashlib
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from clerkdesk.db.checks import shown
from clerkdesk.db.pg_backup import find_pg_tool
from clerkdesk.db.sqlite_copy import integrity_problem
from clerkdesk.services.backups.manifest import (
    MANIFEST_NAME,
    POSTGRES_MEMBER,
    SQLITE_MEMBER,
    BackupRefused,
    Manifest,
)

SQLITE_HEADER = b"SQLite format 3\x00"


@dataclass(frozen=True)
class BackupChecked:
    path: Path
    manifest: Manifest
    # What could not be looked at here (no pg_restore on this PC), or None.
    unchecked: str | None = None


def verify_backup(path: Path) -> BackupChecked:
    """``path`` checked whole; raises ``BackupRefused`` saying why when it is not good."""
    with tempfile.TemporaryDirectory(prefix="clerkdesk-verify-") as folder:
        return check_into(path, Path(folder) / "database")


def check_into(path: Path, into: Path) -> BackupChecked:
    """``path`` checked, its database left at ``into`` for a restore to use."""
    name = shown(path)
    packed = _open(path, name)
    with packed:
        manifest = _manifest(packed, name)
        _check_revision(manifest, name)
        _extract(packed, manifest, into, name)
    unchecked = None
    if manifest.member == SQLITE_MEMBER:
        problem = integrity_problem(into)
        if problem is not None:
            raise BackupRefused(
                f"{name}'s database fails its integrity check ({problem}); it cannot be "
                "restored. Nothing was changed."
            )
    else:
        unchecked = _list_dump(into, name)
    return BackupChecked(path, manifest, unchecked)


def _open(path: Path, name: str) -> zipfile.ZipFile:
    if not path.exists():
        raise BackupRefused(f"No such file: {name}.")
    if not path.is_file():
        raise BackupRefused(f"{name} is not a file; name a backup file.")
    try:
        with path.open("rb") as stream:
            head = stream.read(16)
        return zipfile.ZipFile(path)
    except OSError as exc:
        raise BackupRefused(f"Cannot read {name}: {exc.strerror or exc}.") from exc
    except zipfile.BadZipFile as exc:
        if head.startswith(b"PK"):
            raise BackupRefused(
                f"{name} is cut short or damaged (its zip directory cannot be read); it "
                "cannot be restored. Nothing was changed."
            ) from exc
        what = "a SQLite database file" if head == SQLITE_HEADER else "not a ClerkDesk backup"
        raise BackupRefused(
            f"{name} is {what}: a backup is the file `clerkdesk backup` or Back up now "
            "writes. Nothing was changed."
        ) from exc


def _manifest(packed: zipfile.ZipFile, name: str) -> Manifest:
    try:
        raw = packed.read(MANIFEST_NAME)
    except KeyError:
        raise BackupRefused(
            f"{name} is a zip file but not a ClerkDesk backup (it holds no {MANIFEST_NAME}). "
            "Nothing was changed."
        ) from None
    except (zipfile.BadZipFile, OSError, EOFError) as exc:
        raise BackupRefused(f"{name} is damaged ({exc}). Nothing was changed.") from exc
    manifest = Manifest.from_json(raw, name)
    expected = {"sqlite": SQLITE_MEMBER, "postgresql": POSTGRES_MEMBER}.get(manifest.backend)
    if manifest.member != expected:
        raise BackupRefused(f"{name}'s manifest names no database ClerkDesk knows.")
    return manifest


def known_revisions() -> set[str]:
    from clerkdesk.db.migrate import script_directory

    return {script.revision for script in script_directory().walk_revisions()}


def _check_revision(manifest: Manifest, name: str) -> None:
    revision = manifest.schema_revision
    if revision is not None and revision not in known_revisions():
        raise BackupRefused(
            f"{name} was taken from a newer ClerkDesk (schema {revision}, version "
            f"{manifest.app_version or 'unknown'}); install that version or newer to restore "
            "it. Nothing was changed."
        )


def _extract(packed: zipfile.ZipFile, manifest: Manifest, into: Path, name: str) -> None:
    digest = hashlib.sha256()
    size = 0
    try:
        with packed.open(manifest.member) as source, into.open("wb") as target:
            while chunk := source.read(1 << 20):
                digest.update(chunk)
                size += len(chunk)
                target.write(chunk)
    except KeyError:
        raise BackupRefused(f"{name} holds no {manifest.member}; it is not whole.") from None
    except (zipfile.BadZipFile, EOFError) as exc:
        raise BackupRefused(
            f"{name} is cut short or damaged ({exc}); it cannot be restored. Nothing was changed."
        ) from exc
    if size != manifest.size or digest.hexdigest() != manifest.sha256:
        raise BackupRefused(
            f"{name}'s database does not match its manifest's checksum: the file was changed "
            "or damaged after it was written. Nothing was changed."
        )


def _list_dump(dump: Path, name: str) -> str | None:
    program = find_pg_tool("pg_restore")
    if program is None:
        return "pg_restore is not installed here: the dump's checksum was checked, not its contents"
    done = subprocess.run(
        [str(program), "--list", str(dump)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        said = [line for line in done.stderr.splitlines() if line.strip()]
        raise BackupRefused(
            f"{name}'s dump cannot be read by pg_restore ({said[-1] if said else 'no reason'}). "
            "Nothing was changed."
        )
    return None

"""What a backup says about itself, read and written as ``manifest.json`` in the backup."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from clerkdesk.errors import ClerkDeskError

FORMAT = "clerkdesk-backup"
FORMAT_VERSION = 1
MANIFEST_NAME = "manifest.json"
SQLITE_MEMBER = "database.sqlite"
POSTGRES_MEMBER = "database.dump"
# The records a backup counts, in the words its summary uses.
COUNTED = (("owners", "owner"), ("dogs", "dog"), ("licenses", "license"), ("receipts", "receipt"))


class BackupRefused(ClerkDeskError):
    """A file that is not a good backup (not one at all, cut short, damaged, from a newer
    ClerkDesk), or a backup that cannot be taken or restored here; nothing was changed."""


@dataclass(frozen=True)
class Counts:
    owners: int
    dogs: int
    licenses: int
    receipts: int

    @property
    def words(self) -> str:
        return (
            f"{self.owners:,} owners, {self.dogs:,} dogs, {self.licenses:,} licenses, "
            f"{self.receipts:,} receipts"
        )


@dataclass(frozen=True)
class Manifest:
    backend: str  # "sqlite" or "postgresql"
    town: str | None
    schema_revision: str | None
    taken_at: dt.datetime  # aware, UTC
    taken_by: str
    workstation: str
    app_version: str
    counts: Counts
    member: str
    size: int
    sha256: str

    def as_json(self) -> bytes:
        data: dict[str, Any] = {"format": FORMAT, "format_version": FORMAT_VERSION}
        data.update(asdict(self))
        data["taken_at"] = self.taken_at.isoformat()
        return json.dumps(data, indent=2, ensure_ascii=False).encode("utf-8")

    @classmethod
    def from_json(cls, raw: bytes, shown: str) -> Manifest:
        try:
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError("not a ClerkDesk manifest")
            version = data.get("format_version")
            if not isinstance(version, int) or version > FORMAT_VERSION:
                raise BackupRefused(
                    f"{shown} is a backup in a newer format ({version}); install the "
                    "ClerkDesk that made it to read it. Nothing was changed."
                )
            counts = Counts(**{name: int(data["counts"][name]) for name, _ in COUNTED})
            taken_at = dt.datetime.fromisoformat(data["taken_at"])
            if taken_at.tzinfo is None:
                raise ValueError("a time without its zone")
            return cls(
                backend=_text(data, "backend"),
                town=data.get("town"),
                schema_revision=data.get("schema_revision"),
                taken_at=taken_at,
                taken_by=_text(data, "taken_by"),
                workstation=str(data.get("workstation") or ""),
                app_version=str(data.get("app_version") or ""),
                counts=counts,
                member=_text(data, "member"),
                size=int(data["size"]),
                sha256=_text(data, "sha256"),
            )
        except (ValueError, KeyError, TypeError, UnicodeDecodeError) as exc:
            raise BackupRefused(
                f"{shown} is not a ClerkDesk backup (its manifest cannot be read: {exc}). "
                "Nothing was changed."
            ) from exc

    def summary(self, zone: dt.tzinfo | None = None) -> str:
        """``Westborough, taken 12/05/2026 17:02 by clerk, schema 0016: 1,204 owners, …``."""
        at = self.taken_at.astimezone(zone) if zone is not None else self.taken_at
        town = self.town or "an office with no town set up"
        return (
            f"{town}, taken {at:%m/%d/%Y %H:%M} by {self.taken_by}, schema "
            f"{self.schema_revision or 'none'}: {self.counts.words}"
        )


def _text(data: dict[str, Any], key: str) -> str:
    value = data[key]
    if not isinstance(value, str) or not value:
        raise ValueError(f"no {key}")
    return value


def sha256_of(path: Path, step: Callable[[int], None] | None = None) -> str:
    """The file's SHA-256, read a megabyte at a time (``step`` hears the bytes read)."""
    digest = hashlib.sha256()
    done = 0
    with path.open("rb") as stream:
        while chunk := stream.read(1 << 20):
            digest.update(chunk)
            done += len(chunk)
            if step is not None:
                step(done)
    return digest.hexdigest()


def count_records(scalar: Callable[[str], object]) -> Counts:
    """The counted records, each by ``SELECT count(*)`` through ``scalar``."""
    found = {name: int(str(scalar(f"SELECT count(*) FROM {table}"))) for name, table in COUNTED}
    return Counts(**found)

"""The ledger chain's HMAC keys: a file the office keeps outside the database, and the head
as printed on a close-out sheet or a remittance (``SEQ:HMAC``).

The database never holds a key, only each key's fingerprint (a chain entry): so someone
who rewrites the database cannot print the head a rewritten chain would need, and the
treasurer's paper finds it. The file is found as the other start-up settings are: the
``CLERKDESK_LEDGER_KEY_FILE`` variable, else ``[ledger] key file`` in the login's or the
machine's settings file, else ``ledger-keys.txt`` in the machine-wide data folder. It holds
one key per line (64 hex digits), oldest first; the last is the one in force. Old keys stay
so heads printed under them still verify. It is created readable by its owner only.
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from clerkdesk import paths
from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.rules.ledger_hash import PRINTED_LENGTH, key_fingerprint
from clerkdesk.settings.layers import settings_files

KEY_FILE_ENV = "CLERKDESK_LEDGER_KEY_FILE"
SECTION, KEY = "ledger", "key file"
FILE_NAME = "ledger-keys.txt"
NO_KEY = (
    "No chain key is set up on this computer: heads are printed unkeyed "
    "(an administrator runs `clerkdesk ledger key new`)."
)


class KeyFileUnreadable(EnvironmentProblem):
    """The key file is there but cannot be read as keys."""


def key_file(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    given = env.get(KEY_FILE_ENV, "").strip()
    if given:
        return Path(given).expanduser()
    for file in settings_files(environ):
        value = file.values.get((SECTION, KEY), "")
        if value:
            path = Path(os.path.expandvars(os.path.expanduser(value)))
            return path if path.is_absolute() else file.path.parent / path
    return paths.machine_data_dir(environ) / FILE_NAME


@dataclass(frozen=True)
class KeyRing:
    """The keys of the key file, oldest first (empty when there is no file)."""

    keys: tuple[bytes, ...]
    path: Path | None = None

    @property
    def current(self) -> bytes | None:
        return self.keys[-1] if self.keys else None

    def by_fingerprint(self, fingerprint: str) -> bytes | None:
        return next((k for k in self.keys if key_fingerprint(k) == fingerprint), None)


_HEX = re.compile(r"[0-9a-f]{64}")


def load_keys(path: Path | None = None) -> KeyRing:
    path = path or key_file()
    try:
        text = path.read_text(encoding="ascii")
    except FileNotFoundError:
        return KeyRing((), path)
    except (OSError, UnicodeDecodeError) as exc:
        raise KeyFileUnreadable(f"The chain key file {path} cannot be read ({exc}).") from exc
    keys = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip().lower()
        if not line or line.startswith("#"):
            continue
        if not _HEX.fullmatch(line):
            raise KeyFileUnreadable(
                f"The chain key file {path}, line {number}, is not a key (64 hex digits)."
            )
        keys.append(bytes.fromhex(line))
    return KeyRing(tuple(keys), path)


def add_key(path: Path) -> bytes:
    """A new random key appended to the file (created, readable by its owner only)."""
    key = secrets.token_bytes(32)
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = not path.exists()
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    with os.fdopen(descriptor, "a", encoding="ascii") as out:
        if fresh:
            out.write("# ClerkDesk ledger chain keys, oldest first. Keep a copy apart.\n")
        out.write(key.hex() + "\n")
        out.flush()
        os.fsync(out.fileno())
    return key


@dataclass(frozen=True)
class PrintedHead:
    """``SEQ:VALUE`` as printed: the chain's place and its (keyed) hash, cut."""

    seq: int
    value: str

    @property
    def text(self) -> str:
        return f"{self.seq}:{self.value}"


_PRINTED = re.compile(r"\s*(\d{1,12})\s*:\s*([0-9a-fA-F -]+)\s*")


def parse_printed_head(text: str) -> PrintedHead:
    """``1234:ab12…`` as typed back from paper (spaces and dashes between digits allowed)."""
    match = _PRINTED.fullmatch(text or "")
    value = "" if match is None else re.sub(r"[ -]", "", match.group(2)).lower()
    if match is None or len(value) != PRINTED_LENGTH:
        raise ValidationError(
            f"Give the printed head as SEQ:HASH, e.g. 1234:{'0' * PRINTED_LENGTH} "
            f"({PRINTED_LENGTH} hex digits after the colon).",
            field="against",
        )
    return PrintedHead(int(match.group(1)), value)

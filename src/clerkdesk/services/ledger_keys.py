"""The chain's HMAC key: set up, rotated, and used to print the head.

The key lives in a file outside the database (``settings.chain_key``); the chain records
each key's fingerprint as an entry of its own, so a head printed under an old key still
verifies after a rotation. Setting one up or rotating it is the administrator's (the
office's settings).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import LedgerEntry
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.ledger_hash import key_fingerprint, keyed_head, unkeyed_head
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting
from clerkdesk.services.ledger_chain import chain_head, hold_chain, post_entry
from clerkdesk.settings.chain_key import (
    KeyFileUnreadable,
    KeyRing,
    PrintedHead,
    add_key,
    load_keys,
)


@dataclass(frozen=True)
class KeyChange:
    path: Path
    fingerprint: str
    seq: int
    previous: str | None


def chain_key_fingerprint(session: Session) -> str | None:
    """The fingerprint of the key the chain says is in force (None: never set up)."""
    text = session.scalar(
        select(LedgerEntry.snapshot)
        .where(LedgerEntry.kind == LedgerKind.CHAIN_KEY)
        .order_by(LedgerEntry.seq.desc())
        .limit(1)
    )
    if text is None:
        return None
    return str(json.loads(text).get("key") or "") or None


def set_up_key(
    database: Database, path: Path, *, rotate: bool, actor: Actor, clock: Clock
) -> KeyChange:
    """``ledger key new`` (``rotate`` False: refused when a key is in force already) or
    ``ledger key rotate``: a new key in the file, its fingerprint posted to the chain."""
    # The administrator's alone, as the users are: whoever holds the key can sign a head.
    with acting(database, actor, Permission.MANAGE_USERS, clock=clock) as session:
        seq = hold_chain(session)
        previous = chain_key_fingerprint(session)
        if previous is not None and not rotate:
            raise ValidationError(
                f"A chain key is in force already ({previous}); rotate it with "
                "`clerkdesk ledger key rotate`.",
                field="key",
            )
        if previous is None and rotate:
            raise ValidationError(
                "No chain key is set up yet: run `clerkdesk ledger key new` first.", field="key"
            )
        if previous is not None and load_keys(path).by_fingerprint(previous) is None:
            raise ValidationError(
                f"The key in force ({previous}) is not in {path}: rotate from the computer "
                "that holds the key file, so heads printed under it still verify.",
                field="key",
            )
        key = add_key(path)
        fingerprint = key_fingerprint(key)
        extra = {"key": fingerprint, "by": actor.name, "workstation": actor.workstation}
        if previous is not None:
            extra["replaces"] = previous
        post_entry(session, LedgerKind.CHAIN_KEY, seq, clock.now(), seq, extra)
        return KeyChange(path, fingerprint, seq, previous)


@dataclass(frozen=True)
class HeadLine:
    """The head as printed, and whether a key made it."""

    head: PrintedHead
    keyed: bool

    @property
    def words(self) -> str:
        how = "HMAC" if self.keyed else "unkeyed: no chain key set up"
        return f"Ledger head {self.head.text} ({how})"


def printed_head(
    session: Session, link_at: tuple[int, str] | None = None, keys: KeyRing | None = None
) -> HeadLine:
    """The chain's head (or the link ``link_at``) as a close-out sheet or a remittance
    prints it: keyed with the key in force when this computer holds it, else unkeyed (and
    says so)."""
    seq, link = link_at or chain_head(session)
    ring = keys if keys is not None else _quiet_keys()
    fingerprint = chain_key_fingerprint(session)
    key = None if fingerprint is None else ring.by_fingerprint(fingerprint)
    if key is None:
        return HeadLine(PrintedHead(seq, unkeyed_head(link)), keyed=False)
    return HeadLine(PrintedHead(seq, keyed_head(key, seq, link)), keyed=True)


def _quiet_keys() -> KeyRing:
    # A document is never refused for the key file: an unreadable one prints unkeyed.
    try:
        return load_keys()
    except (OSError, KeyFileUnreadable):
        return KeyRing(())

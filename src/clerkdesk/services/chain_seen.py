"""What ``ledger verify`` found (``Verification``), and what its walk of the chain saw that
the later checks need (``ChainSeen``): each license's, kennel license's and tag issue's
latest recorded standing, the audit trail's heads the close-outs and locks vouched for, the
keys the chain records, and the link hashes a printed head or a lock names.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from clerkdesk.rules.counts import counted
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.ledger_hash import GENESIS, state_hash

MAX_LISTED = 50


@dataclass(frozen=True)
class Break:
    """One thing wrong with the ledger, in words; ``seq`` is the link, if it has one."""

    seq: int | None
    message: str


@dataclass
class Verification:
    entries: int = 0
    head_seq: int = 0
    head_hash: str = GENESIS
    locks_checked: int = 0
    breaks: list[Break] = field(default_factory=list)
    more_breaks: int = 0
    audit_entries: int = 0
    audit_head: int = 0
    # What ``--against`` found, in words (None when no printed head was given).
    against: str | None = None
    # Why a head printed with a key could not be checked here (no key file), if so.
    unkeyed: str | None = None

    @property
    def intact(self) -> bool:
        return not self.breaks

    @property
    def first(self) -> Break | None:
        return self.breaks[0] if self.breaks else None

    @property
    def summary(self) -> str:
        if self.intact:
            return (
                f"Ledger intact: {counted(self.entries, 'entry', 'entries')}, head {self.head_seq} "
                f"{self.head_hash[:16]}…, {counted(self.locks_checked, 'period lock')} signed it; "
                f"audit trail: {counted(self.audit_entries, 'entry', 'entries')} chained."
                + (f" {self.against}" if self.against else "")
            )
        first = self.first
        assert first is not None
        count = len(self.breaks) + self.more_breaks
        also = (
            f" ({counted(count - 1, 'more problem', 'more problems')} after it)"
            if count > 1
            else ""
        )
        return f"Ledger broken: {first.message}{also}"

    def add(self, seq: int | None, message: str) -> None:
        if len(self.breaks) < MAX_LISTED:
            self.breaks.append(Break(seq, message))
        else:
            self.more_breaks += 1

    def as_json(self) -> dict[str, Any]:
        return {
            "intact": self.intact,
            "entries": self.entries,
            "head_seq": self.head_seq,
            "head_hash": self.head_hash,
            "period_locks_checked": self.locks_checked,
            "problems": [{"seq": b.seq, "message": b.message} for b in self.breaks],
            "more_problems": self.more_breaks,
            "audit_entries": self.audit_entries,
            "audit_head_seq": self.audit_head,
            "against": self.against,
            "summary": self.summary,
        }


@dataclass
class ChainSeen:
    against: int | None = None
    # "license:12" -> (the entry that last recorded it, the hash of its standing there)
    latest: dict[str, tuple[int, str]] = field(default_factory=dict)
    # ledger entry -> (the audit trail's place, its link hash) that entry saw
    audit_heads: dict[int, tuple[int, str]] = field(default_factory=dict)
    # (ledger entry, key fingerprint) in chain order
    keys: list[tuple[int, str]] = field(default_factory=list)
    hashes_at: dict[int, str] = field(default_factory=dict)
    # Entries whose snapshot is not JSON (their content check already failed).
    unreadable: list[int] = field(default_factory=list)

    def read_snapshot(self, seq: int, kind: LedgerKind, text: str | None) -> None:
        try:
            snapshot: dict[str, Any] = json.loads(text or "{}")
        except ValueError:
            self.unreadable.append(seq)
            return
        for key, state in (snapshot.get("states") or {}).items():
            self.latest[key] = (seq, state_hash(state))
        audit = snapshot.get("audit")
        if isinstance(audit, list) and len(audit) == 2:
            self.audit_heads[seq] = (int(audit[0]), str(audit[1]))
        if kind is LedgerKind.CHAIN_KEY and snapshot.get("key"):
            self.keys.append((seq, str(snapshot["key"])))

    def key_at(self, seq: int) -> str | None:
        """The fingerprint of the key in force at ledger entry ``seq`` (None: unkeyed)."""
        found = None
        for at, fingerprint in self.keys:
            if at <= seq:
                found = fingerprint
        return found

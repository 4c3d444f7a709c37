"""The ledger's hash chain, as pure functions: what a posted entry's hash covers.

An entry's content is a flat mapping of plain values (text, whole numbers, money with two
places, ISO dates and UTC moments), hashed in one canonical JSON form; its link hash covers
its place, kind, record, content hash and the previous link's hash. Changing one posted value
changes the content hash; forging that too breaks the next link.
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
import hmac
import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

GENESIS = "0" * 64


def plain(value: Any) -> Any:
    """A value as the chain hashes it, the same whichever database handed it back."""
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=dt.UTC)
        return value.astimezone(dt.UTC).isoformat(timespec="microseconds")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def content_hash(content: Mapping[str, Any]) -> str:
    text = json.dumps(plain(content), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def link_hash(seq: int, kind: str, record_id: int, content: str, previous: str) -> str:
    text = f"{seq}|{kind}|{record_id}|{content}|{previous}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


# Version 2 of the chain (revision 0020): a link also covers when it was posted and the
# entry's snapshot (the standing of the licenses, kennel licenses and tag issues the entry
# changed, the audit trail's head a close-out or lock saw, a key's fingerprint). Links
# posted before keep version 1 and hash as they did.
V1 = 1
V2 = 2


def canonical(value: Any) -> str:
    """The one JSON text a snapshot is stored and hashed as."""
    return json.dumps(plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def content_hash_v2(record: Mapping[str, Any], snapshot: str) -> str:
    """A version-2 entry's content: its record's rows as stored, and its snapshot's text."""
    text = canonical({"record": record}) + "|" + snapshot
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def link_hash_v2(
    seq: int, kind: str, record_id: int, posted_at: dt.datetime, content: str, previous: str
) -> str:
    text = f"v2|{seq}|{kind}|{record_id}|{plain(posted_at)}|{content}|{previous}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def state_hash(state: Mapping[str, Any]) -> str:
    """One license's, kennel license's or tag issue's standing, as a snapshot records it."""
    return hashlib.sha256(canonical(state).encode("ascii")).hexdigest()


def audit_hash(seq: int, entry: Mapping[str, Any], previous: str) -> str:
    """An audit entry's link: its place, every column but its id, and the link before."""
    text = f"{seq}|{canonical(entry)}|{previous}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


# A printed head: the chain's place and a keyed hash of its link, cut to what a person can
# copy and type back (80 bits: guessing it is out of reach).
PRINTED_LENGTH = 20


def keyed_head(key: bytes, seq: int, entry_hash: str) -> str:
    """The head as printed with a key: HMAC-SHA256 over the place and the link hash."""
    mac = hmac.new(key, f"{seq}|{entry_hash}".encode("ascii"), hashlib.sha256)
    return mac.hexdigest()[:PRINTED_LENGTH]


def unkeyed_head(entry_hash: str) -> str:
    """The head as printed when no key is set up: the link hash itself, cut."""
    return entry_hash[:PRINTED_LENGTH]


def key_fingerprint(key: bytes) -> str:
    """What the chain records of a key: enough to name it, nothing to rebuild it."""
    return hashlib.sha256(b"clerkdesk-chain-key|" + key).hexdigest()[:16]

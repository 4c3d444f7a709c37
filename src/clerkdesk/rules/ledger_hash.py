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

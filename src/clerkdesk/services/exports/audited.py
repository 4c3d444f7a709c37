"""Each export written in the audit trail: who took which records out, when, from which
workstation, to which file, and how many rows of each table.

An export changes no record, so the audit hook (which watches changes) never sees it; the
entry is added here, in its own write transaction, before the file is put in place, so no
export reaches its folder unrecorded.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting
from clerkdesk.services.audit_trail import noted

ACTION = "export"
TABLE = "export"


def record_export(
    database: Database,
    kind: str,
    files: tuple[Path, ...],
    counts: Mapping[str, int],
    *,
    actor: Actor,
    clock: Clock,
    details: Mapping[str, object] | None = None,
) -> None:
    """``kind`` is "full" or "public"; ``counts`` the rows written, by table."""
    after: dict[str, object] = {
        "kind": kind,
        "files": [str(f) for f in files],
        "rows": dict(counts),
    }
    if details:
        after.update(details)
    with acting(database, actor, Permission.EXPORT_RECORDS, clock=clock) as session:
        session.add(
            noted(
                actor,
                clock,
                ACTION,
                TABLE,
                kind,
                after=json.dumps(after, ensure_ascii=False, sort_keys=True),
            )
        )

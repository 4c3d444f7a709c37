"""An import of a vet's list or a census kept as an ``import_batch`` row: its kind, file,
who ran it and where, and what it brought in, written in the import's own transaction."""

from __future__ import annotations

import datetime as dt

from clerkdesk.models import ImportBatch
from clerkdesk.rules.roles import Actor


def finished_import(
    kind: str,
    file_name: str,
    actor: Actor,
    *,
    started: dt.datetime,
    finished: dt.datetime,
    rows: int,
    certificates: int = 0,
    refused: int = 0,
) -> ImportBatch:
    return ImportBatch(
        kind=kind[:20],
        file_name=file_name[-255:],
        state="complete",
        started_at=started,
        finished_at=finished,
        imported_by=actor.name[:80],
        workstation=(actor.workstation or "")[:120],
        rows_done=rows,
        owners_added=0,
        dogs_added=0,
        dogs_merged=0,
        licenses_added=0,
        certificates_added=certificates,
        kennels_added=0,
        refused=refused,
    )

"""The four papers an enforcement record is printed on — the violation notice, the hearing
notice, the order of the hearing authority and the impound release receipt — read from the
records into the plain data ``reports.enforcement`` draws, and their reprints.

The paper as issued is made by :func:`paper` (a read: the print preview and the first print).
A copy made again is a reprint, rendered and recorded in one write transaction exactly as
``services.reprints`` does for receipts and certificates: the ``document_reprint`` row
(who, when, which workstation, why) is committed only with a document made, and the document
is handed over (``deliver``) inside that transaction, so a file that could not be written
leaves no record behind.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import (
    DogHearing,
    Impound,
    PrintedKind,
    Violation,
)
from clerkdesk.reports.enforcement.hearing_notice import render_hearing_notice
from clerkdesk.reports.enforcement.hearing_order import (
    render_hearing_order,
)
from clerkdesk.reports.enforcement.impound_release import render_impound_release
from clerkdesk.reports.enforcement.paper_data import Printed
from clerkdesk.reports.enforcement.violation_notice import (
    render_violation_notice,
)
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services import reprints
from clerkdesk.services.acting import PermissionDenied, acting
from clerkdesk.services.enforcement.paper_views import (
    hearing_notice_in,
    hearing_order_in,
    impound_release_in,
    violation_notice_in,
)
from clerkdesk.services.enforcement.refs import find_by_ref
from clerkdesk.services.reprints import (
    Reprinted,
    count_reprints,
    record_reprint,
    reprint_reason,
)

REASON_LENGTH = reprints.REASON_LENGTH
"""The longest reason a reprint keeps (the reprint forms count against it)."""
Record = Violation | DogHearing | Impound


@dataclass(frozen=True)
class PaperKind:
    model: type[Violation] | type[DogHearing] | type[Impound]
    title: str
    may: tuple[Permission, ...]
    """Who may reprint it: as ``cli/access.py`` lets them print it."""


PAPERS: dict[PrintedKind, PaperKind] = {
    PrintedKind.VIOLATION_NOTICE: PaperKind(
        Violation,
        "Violation notice",
        (Permission.ENFORCE, Permission.REPRINT),
    ),
    PrintedKind.HEARING_NOTICE: PaperKind(
        DogHearing,
        "Notice of hearing",
        (Permission.HEARINGS, Permission.REPRINT),
    ),
    PrintedKind.HEARING_ORDER: PaperKind(
        DogHearing,
        "Order of the hearing authority",
        (Permission.HEARINGS, Permission.REPRINT),
    ),
    PrintedKind.IMPOUND_RELEASE: PaperKind(
        Impound,
        "Impound release",
        (Permission.SELL, Permission.ENFORCE, Permission.REPRINT),
    ),
}


@dataclass(frozen=True)
class Paper:
    kind: PrintedKind
    record_id: int
    label: str
    """``V2026-0001``."""
    title: str
    """``Violation notice V2026-0001``."""
    pdf: bytes


# -- finding and printing -------------------------------------------------------------------
def find_paper(database: Database, kind: PrintedKind, text: str) -> int:
    """The id of the record a typed reference (``V2026-0001``) names, for ``kind``'s paper."""
    with database.read() as session:
        return find_by_ref(session, PAPERS[kind].model, text).id  # type: ignore[type-var]


def _record(
    session: Session, kind: PrintedKind, record_id: int
) -> Violation | DogHearing | Impound:
    found = cast(
        Violation | DogHearing | Impound | None, session.get(PAPERS[kind].model, record_id)
    )
    if found is None:
        raise ValidationError(f"That {PAPERS[kind].title.lower()} is not on file.", field="ref")
    return found


def _render(
    session: Session,
    kind: PrintedKind,
    record_id: int,
    zone: dt.tzinfo,
    today: dt.date,
    printed: Printed | None,
) -> tuple[str, bytes]:
    record = _record(session, kind, record_id)
    if kind is PrintedKind.VIOLATION_NOTICE:
        assert isinstance(record, Violation)
        pdf = render_violation_notice(violation_notice_in(session, record, zone), printed=printed)
    elif kind is PrintedKind.HEARING_NOTICE:
        assert isinstance(record, DogHearing)
        notice = hearing_notice_in(session, record, zone, today)
        pdf = render_hearing_notice(notice, printed=printed)
    elif kind is PrintedKind.HEARING_ORDER:
        assert isinstance(record, DogHearing)
        pdf = render_hearing_order(hearing_order_in(session, record, zone), printed=printed)
    else:
        assert isinstance(record, Impound)
        pdf = render_impound_release(impound_release_in(session, record, zone), printed=printed)
    return record.label, pdf


def paper(
    database: Database,
    kind: PrintedKind,
    record_id: int,
    *,
    today: dt.date,
    zone: dt.tzinfo | None = None,
) -> Paper:
    """The paper as issued (unmarked): for the print preview and the first print."""
    zone = zone or town_zone()
    with database.read() as session:
        label, pdf = _render(session, kind, record_id, zone, today, None)
    return Paper(kind, record_id, label, f"{PAPERS[kind].title} {label}", pdf)


def _permission(actor: Actor, kind: PrintedKind) -> Permission:
    """The first of the kind's permissions the actor holds; a refusal in words if none."""
    allowed = PAPERS[kind].may
    held = next((p for p in allowed if actor.may(p)), None)
    if held is None:
        raise PermissionDenied(
            f"{actor.described} may not reprint a {PAPERS[kind].title.lower()}; ask a clerk "
            "or the administrator."
        )
    return held


def reprint_paper(
    database: Database,
    kind: PrintedKind,
    record_id: int,
    *,
    actor: Actor,
    clock: Clock,
    workstation: str | None = None,
    reason: str | None = None,
    deliver: Callable[[bytes], None] | None = None,
    zone: dt.tzinfo | None = None,
) -> Reprinted:
    """The paper marked REPRINT with the moment and ``actor``, handed to ``deliver`` and
    recorded, in one transaction."""
    why = reprint_reason(reason)
    zone = zone or town_zone()
    printed_at = clock.now().astimezone(zone)
    spec = PAPERS[kind]
    with acting(database, actor, _permission(actor, kind), clock=clock) as session:
        label, pdf = _render(
            session, kind, record_id, zone, printed_at.date(), Printed(printed_at, actor.name)
        )
        count = record_reprint(
            session,
            kind,
            record_id,
            label,
            actor=actor,
            printed_at=printed_at,
            workstation=workstation,
            reason=why,
        )
        if deliver is not None:
            deliver(pdf)
    title = f"{spec.title} {label}"
    return Reprinted(kind, record_id, label, title, pdf, printed_at, actor.name, count)


def reprint_count(database: Database, kind: PrintedKind, record_id: int) -> int:
    """How many times the paper has been reprinted."""
    with database.read() as session:
        return count_reprints(session, kind, record_id)

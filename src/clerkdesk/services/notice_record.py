"""The record of every notice sent, and notices rebuilt from it.

A run stores what its notices shared (``NoticeSet``) and each owner's notice (``Notice``) as
JSON, beside the level, the date and the total the notice asked for. A notice is reprinted
from those, not quoted again: the amounts, the address and the schedule are the ones the
owner was sent, whatever the rules or the owner's record say now; a reprint is marked
REPRINT on every page and written in the audit trail. The §151A list names the notices each
owner was sent (``notices_sent_to``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import json
import types
import typing
from collections import defaultdict
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import NoticeRun
from clerkdesk.models.years import NoticeSent
from clerkdesk.reports.layout import Reprint
from clerkdesk.reports.notice_data import Notice, NoticeSet
from clerkdesk.reports.renewal_notices_pdf import NoticesPdf
from clerkdesk.rules.dates import us_date
from clerkdesk.rules.kinds import NoticeLevel
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.town_time import town_zone
from clerkdesk.services.acting import acting, require
from clerkdesk.services.audit_trail import noted
from clerkdesk.whole_files import WriteFailed, partial_beside, rename_in

T = TypeVar("T")
REPRINT_ACTION = "reprint"
NOTICE_TABLE = "notice_sent"
"""A reprint changes no record, so the audit hook never sees it: its entry is added here,
as ``services.exports`` adds an export's."""


# -- JSON -------------------------------------------------------------------------------
def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Decimal):
        return str(value)  # exactly as printed: never through a float
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


def as_json(value: Any) -> str:
    """A notice (or a run's ``NoticeSet``) as compact JSON."""
    return json.dumps(_plain(value), ensure_ascii=False, separators=(",", ":"))


def _build(kind: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        options = [a for a in typing.get_args(kind) if a is not type(None)]
        return _build(options[0], value)
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_build(args[0], v) for v in value)
        return tuple(_build(a, v) for a, v in zip(args, value, strict=True))
    if dataclasses.is_dataclass(kind) and isinstance(kind, type):
        return _record(kind, value)
    if kind is Decimal:
        return Decimal(value)
    if kind is dt.date:
        return dt.date.fromisoformat(value)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return kind(value)
    return value


def _record(cls: type[T], data: dict[str, Any]) -> T:
    """``cls`` from its fields in ``data``: a field added since is left at its default."""
    hints = typing.get_type_hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    return cls(**{k: _build(hints[k], v) for k, v in data.items() if k in known})


def notice_of(text: str) -> Notice:
    return _record(Notice, json.loads(text))


def notice_set_of(text: str) -> NoticeSet:
    return _record(NoticeSet, json.loads(text))


# -- reading the record -----------------------------------------------------------------
class SentNotice(NamedTuple):
    level: NoticeLevel
    sent_on: dt.date
    total: Decimal | None
    """What the notice asked for on its date; ``None`` when not known (a dog the rules could
    not quote, or a notice recorded before the amounts were)."""


def notices_sent_to(session: Session, owner_ids: Sequence[int]) -> dict[int, list[SentNotice]]:
    """Every notice sent to each of ``owner_ids`` (any license year), oldest first, as
    ``(level, date, total)``; an owner sent none is left out."""
    found: dict[int, list[SentNotice]] = defaultdict(list)
    ids = sorted(set(owner_ids))
    for first in range(0, len(ids), 500):
        rows = session.execute(
            select(NoticeSent.owner_id, NoticeSent.level, NoticeSent.sent_on, NoticeSent.total)
            .where(NoticeSent.owner_id.in_(ids[first : first + 500]))
            .order_by(NoticeSent.owner_id, NoticeSent.sent_on, NoticeSent.id)
        )
        for owner_id, level, sent_on, total in rows:
            found[owner_id].append(SentNotice(level, sent_on, total))
    return dict(found)


@dataclasses.dataclass(frozen=True)
class NoticeOnRecord:
    notice_sent_id: int
    notices: NoticeSet
    notice: Notice


def notice_on_record(database: Database, notice_sent_id: int, *, actor: Actor) -> NoticeOnRecord:
    """The notice sent as it was printed, rebuilt from the record, ready to draw again."""
    require(actor, Permission.MAIL_NOTICES)
    with database.read() as session:
        row = session.execute(
            select(NoticeSent.printed, NoticeRun.printed)
            .join(NoticeRun, NoticeRun.id == NoticeSent.notice_run_id)
            .where(NoticeSent.id == notice_sent_id)
        ).first()
    if row is None:
        raise ValidationError(f"No notice {notice_sent_id} was sent.", field="notice")
    notice_text, set_text = row
    if notice_text is None or set_text is None:
        raise ValidationError(
            f"Notice {notice_sent_id} was sent before ClerkDesk kept what each notice said; "
            "only its date and kind are on file.",
            field="notice",
        )
    return NoticeOnRecord(notice_sent_id, notice_set_of(set_text), notice_of(notice_text))


def notice_sent_for(
    database: Database, owner_id: int, *, actor: Actor, on: dt.date | None = None
) -> int:
    """The notice last sent to the owner, or the last one sent to them on ``on``."""
    require(actor, Permission.MAIL_NOTICES)
    query = select(NoticeSent.id).where(NoticeSent.owner_id == owner_id)
    if on is not None:
        query = query.where(NoticeSent.sent_on == on)
    with database.read() as session:
        found = session.scalar(query.order_by(NoticeSent.sent_on.desc(), NoticeSent.id.desc()))
    if found is None:
        when = f" on {us_date(on)}" if on is not None else ""
        raise ValidationError(f"No notice was sent to owner {owner_id}{when}.", field="owner")
    return found


@dataclasses.dataclass(frozen=True)
class ReprintedNotice:
    sent: NoticeOnRecord
    level: NoticeLevel
    mark: Reprint
    pdf: Path


def reprint_notice(
    database: Database, notice_sent_id: int, pdf: Path, *, actor: Actor, clock: Clock
) -> ReprintedNotice:
    """Draw the notice sent, exactly as it was, to ``pdf`` (a letter, or a postcard where the
    run was of postcards), each page marked REPRINT with when and by whom, and say so in the
    audit trail. The entry is written in the transaction the file is put in place in: a file
    that could not be written leaves no entry, and no reprint is handed over unrecorded."""
    found = notice_on_record(database, notice_sent_id, actor=actor)
    with database.read() as session:
        postcards, owner_id, level, sent_on, run_id = session.execute(
            select(
                NoticeRun.postcards,
                NoticeSent.owner_id,
                NoticeSent.level,
                NoticeSent.sent_on,
                NoticeRun.id,
            )
            .join(NoticeSent, NoticeSent.notice_run_id == NoticeRun.id)
            .where(NoticeSent.id == notice_sent_id)
        ).one()
    at = clock.now().astimezone(town_zone())
    mark = Reprint(at, actor.name)
    target = Path(pdf)
    try:
        with partial_beside(target) as (stream, part):
            drawer = NoticesPdf(stream, found.notices, postcards=bool(postcards), reprint=mark)
            drawer.add(found.notice)
            drawer.close()
            stream.flush()
            with acting(database, actor, Permission.MAIL_NOTICES, clock=clock) as session:
                said = {
                    "owner_id": owner_id,
                    "level": level.value,
                    "sent_on": sent_on.isoformat(),
                    "notice_run_id": run_id,
                    "file": str(target.resolve()),
                }
                session.add(
                    noted(
                        actor,
                        clock,
                        REPRINT_ACTION,
                        NOTICE_TABLE,
                        str(notice_sent_id),
                        after=json.dumps(said, ensure_ascii=False, sort_keys=True),
                    )
                )
                session.flush()
                rename_in(part, target)
    except WriteFailed as exc:
        raise ValidationError(exc.words()) from exc
    return ReprintedNotice(found, level, mark, target)

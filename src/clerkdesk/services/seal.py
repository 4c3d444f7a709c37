"""The town's seal or logo for certificates, kept in the database so every workstation
prints the same one.

The image is a ``StoredDocument``; the ``certificate_seal`` setting names it. No setting
(or ``clear_seal``) prints the plain default seal shipped with the program.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from pathlib import PurePath

from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Setting, StoredDocument
from clerkdesk.reports.seal import SealProblem, check_seal, default_seal
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting

SEAL_SETTING = "certificate_seal"


@dataclass(frozen=True)
class SealInfo:
    """The seal in use: the town's own (with its file name and when it was chosen), or the
    default (``document_id`` None)."""

    document_id: int | None
    filename: str | None
    width: int | None
    height: int | None
    stored_at: dt.datetime | None
    stored_by: str | None

    @property
    def is_default(self) -> bool:
        return self.document_id is None


DEFAULT = SealInfo(None, None, None, None, None, None)


def _stored(session: Session) -> StoredDocument | None:
    setting = session.get(Setting, SEAL_SETTING)
    if setting is None or not setting.value.isdigit():
        return None
    return session.get(StoredDocument, int(setting.value))


def seal_bytes(session: Session) -> bytes | None:
    """The town's seal inside the caller's transaction; None for the default."""
    stored = _stored(session)
    return stored.content if stored is not None else None


def seal_info(database: Database) -> SealInfo:
    with database.read() as session:
        stored = _stored(session)
        if stored is None:
            return DEFAULT
        size = check_seal(stored.content)
        return SealInfo(
            stored.id, stored.filename, size.width, size.height, stored.stored_at, stored.stored_by
        )


def set_seal(
    database: Database, filename: str, content: bytes, *, actor: Actor, clock: Clock
) -> SealInfo:
    """Keep ``content`` (PNG or JPEG, at most 1 MB) as the seal every certificate prints."""
    try:
        image = check_seal(content)
    except SealProblem as exc:
        raise ValidationError(str(exc), field="seal") from None
    name = PurePath(filename.replace("\\", "/")).name[:200] or "seal"
    now = clock.now()
    with acting(database, actor, Permission.MANAGE_TOWN, clock=clock) as session:
        stored = StoredDocument(
            filename=name,
            content_type=image.content_type,
            size=len(content),
            sha256=hashlib.sha256(content).hexdigest(),
            content=content,
            stored_at=now,
            stored_by=actor.name,
        )
        session.add(stored)
        session.flush()
        setting = session.get(Setting, SEAL_SETTING)
        if setting is None:
            session.add(Setting(key=SEAL_SETTING, value=str(stored.id)))
        else:
            setting.value = str(stored.id)
        return SealInfo(stored.id, name, image.width, image.height, now, actor.name)


def clear_seal(database: Database, *, actor: Actor) -> None:
    """Print the default seal again (the town's image stays on file)."""
    with acting(database, actor, Permission.MANAGE_TOWN) as session:
        setting = session.get(Setting, SEAL_SETTING)
        if setting is not None:
            session.delete(setting)


def seal_in_use(database: Database) -> tuple[SealInfo, bytes]:
    """What the seal page shows: which seal, and its image (the default's when none is
    chosen)."""
    with database.read() as session:
        stored = _stored(session)
        if stored is None:
            return DEFAULT, default_seal()
        size = check_seal(stored.content)
        info = SealInfo(
            stored.id, stored.filename, size.width, size.height, stored.stored_at, stored.stored_by
        )
        return info, stored.content

"""Which town's rules are in force, read from and saved to the shared database.

The rules are never edited in place: each save adds a version, so every workstation reads
the same newest version and history keeps the rules that were in force when a fee was
charged. The stored text is the text that was validated, comments and all.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import TownProfileVersion
from clerkdesk.rules import ProfileError, TownProfile, parse_profile, presets, profile_text
from clerkdesk.rules.clean_text import clean_optional, clean_text, printable
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.rules.town_time import town_moment
from clerkdesk.services.acting import acting
from clerkdesk.whole_files import write_whole

NOTE_LENGTH = 200
_SAVED_BY_LENGTH = 80
_ID_LENGTH = 40
_NAME_LENGTH = 120


@dataclass(frozen=True)
class TownInUse:
    """The newest version of the town's rules."""

    town_id: str
    name: str
    profile: TownProfile
    version_id: int
    saved_at: dt.datetime
    saved_by: str
    note: str | None
    profile_toml: str


@dataclass(frozen=True)
class ProfileVersionInfo:
    """One version in the history (without its text)."""

    version_id: int
    town_id: str
    name: str
    saved_at: dt.datetime
    saved_by: str
    note: str | None


@dataclass(frozen=True)
class StoredProfileVersion:
    info: ProfileVersionInfo
    profile_toml: str


@dataclass(frozen=True)
class ProfileSaved:
    """A new version was stored; ``previous_version_id`` is the one it replaced."""

    town: TownInUse
    previous_version_id: int | None


@dataclass(frozen=True)
class ProfileExported:
    path: Path
    version_id: int
    town_name: str


def town_in_use(database: Database) -> TownInUse | None:
    """The newest saved profile, or None for a database nobody has set up yet."""
    with database.read() as session:
        row = _newest(session)
        return None if row is None else _in_use(row, parse_profile(row.profile_toml, stored=True))


def profile_history(database: Database) -> tuple[ProfileVersionInfo, ...]:
    """Every saved version, newest first."""
    columns = (
        TownProfileVersion.id,
        TownProfileVersion.town_id,
        TownProfileVersion.name,
        TownProfileVersion.saved_at,
        TownProfileVersion.saved_by,
        TownProfileVersion.note,
    )
    with database.read() as session:
        rows = session.execute(select(*columns).order_by(TownProfileVersion.id.desc())).all()
        return tuple(ProfileVersionInfo(*row) for row in rows)


def profile_version(database: Database, version_id: int) -> StoredProfileVersion:
    """One version as it was saved."""
    with database.read() as session:
        row = session.get(TownProfileVersion, version_id)
        if row is None:
            raise ValidationError(
                f"there is no version {version_id} of the town's rules", field="version"
            )
        return StoredProfileVersion(_info(row), row.profile_toml)


def save_town_profile(
    database: Database,
    profile_toml: str,
    *,
    actor: Actor,
    clock: Clock,
    note: str | None = None,
    base_version_id: int | None = None,
) -> ProfileSaved:
    """Validate ``profile_toml`` and store it, as it is, as a new version.

    ``base_version_id`` is the version the clerk started from: if another workstation has
    saved since, nothing is saved. A :class:`~clerkdesk.rules.ProfileError` lists every
    problem; nothing is saved then either.
    """
    profile = parse_profile(profile_toml)
    with acting(database, actor, Permission.MANAGE_TOWN, clock=clock) as session:
        previous = newest_for_update(session)
        if base_version_id is not None:
            check_base(previous, base_version_id)
        return store_version(session, profile_toml, profile, actor.name, clock, note, previous)


def set_up_town(database: Database, preset_id: str, *, actor: Actor, clock: Clock) -> ProfileSaved:
    """The first rules of a database that has none: one of the presets."""
    source = presets.preset_toml(preset_id)
    profile = parse_profile(source)
    with acting(database, actor, Permission.MANAGE_TOWN, clock=clock) as session:
        previous = newest_for_update(session)
        if previous is not None:
            raise ValidationError(
                f"this database already keeps the rules of {previous.name}; "
                "edit or import them under Settings → Town rules instead",
                field="town",
            )
        note = f"set up from the {profile.name} preset"
        return store_version(session, source, profile, actor.name, clock, note, None)


def read_profile_file(path: Path) -> str:
    """The text of a profile file as Notepad saves it (UTF-8 with or without a byte-order
    mark, UTF-16, or Windows-1252 "ANSI"); anything else is refused naming the fix."""
    try:
        return profile_text.read_profile_file(path)[0]
    except ProfileError as exc:
        raise ValidationError(exc.problems[0], field="path") from None


def import_profile_file(
    database: Database,
    path: Path,
    *,
    actor: Actor,
    clock: Clock,
    note: str | None = None,
    base_version_id: int | None = None,
) -> ProfileSaved:
    """Store the profile in ``path`` as a new version (validated first)."""
    source = read_profile_file(path)
    return save_town_profile(
        database,
        source,
        actor=actor,
        clock=clock,
        note=note or f"imported from {printable(path.name)}",
        base_version_id=base_version_id,
    )


def export_profile_file(
    database: Database, path: Path, *, version_id: int | None = None
) -> ProfileExported:
    """Write a version's text (default: the one in force), as it was saved, to ``path``."""
    with database.read() as session:
        row = (
            _newest(session) if version_id is None else session.get(TownProfileVersion, version_id)
        )
        if row is None:
            missing = "no town is set up yet" if version_id is None else f"no version {version_id}"
            raise ValidationError(f"nothing to export: {missing}", field="version")
        exported = ProfileExported(path, row.id, row.name)
        source = row.profile_toml
    _write_atomically(path, source)
    return exported


# -- shared by the use cases that store a version ----------------------------------------
def newest_for_update(session: Session) -> TownProfileVersion | None:
    """The newest version, with other writers of versions held off until commit.

    SQLite's write transactions already run one at a time; PostgreSQL needs the lock.
    """
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("LOCK TABLE town_profile_version IN SHARE ROW EXCLUSIVE MODE"))
    return _newest(session)


def check_base(previous: TownProfileVersion | None, base_version_id: int) -> None:
    if previous is None or previous.id != base_version_id:
        who = (
            ""
            if previous is None
            else (
                f" (version {previous.id}, by {previous.saved_by} at "
                f"{town_moment(previous.saved_at):%b %-d, %Y %H:%M})"
            )
        )
        raise ValidationError(
            f"another workstation saved the town's rules{who} after you opened them; "
            "nothing was saved. Open the newest rules and make the change again.",
            field="version",
        )


def store_version(
    session: Session,
    profile_toml: str,
    profile: TownProfile,
    saved_by: str,
    clock: Clock,
    note: str | None,
    previous: TownProfileVersion | None,
) -> ProfileSaved:
    note = (clean_optional(note, "The note", field="note") or "").strip() or None
    saved_by = clean_text(saved_by, "The user name", field="saved_by")
    if note is not None and len(note) > NOTE_LENGTH:
        raise ValidationError(f"the note is longer than {NOTE_LENGTH} characters", field="note")
    if not saved_by.strip() or len(saved_by) > _SAVED_BY_LENGTH:
        raise ValidationError("the user name must be 1 to 80 characters", field="saved_by")
    if len(profile.id) > _ID_LENGTH:
        raise ValidationError(f"town.id is longer than {_ID_LENGTH} characters", field="town.id")
    if len(profile.name) > _NAME_LENGTH:
        raise ValidationError(
            f"town.name is longer than {_NAME_LENGTH} characters", field="town.name"
        )
    if previous is not None:
        if previous.town_id != profile.id:
            raise ValidationError(
                f"this database keeps the rules of {previous.name} (town.id "
                f'"{previous.town_id}"); a profile with town.id "{profile.id}" cannot '
                "replace them",
                field="town.id",
            )
        if previous.profile_toml == profile_toml:
            raise ValidationError(
                f"the rules are the same as version {previous.id}; nothing was saved",
                field="profile",
            )
    row = TownProfileVersion(
        town_id=profile.id,
        name=profile.name,
        profile_toml=profile_toml,
        saved_at=clock.now(),
        saved_by=saved_by,
        note=note,
    )
    session.add(row)
    session.flush()
    return ProfileSaved(_in_use(row, profile), None if previous is None else previous.id)


def short_note(text_: str) -> str:
    """An automatic note cut to fit the column."""
    return text_ if len(text_) <= NOTE_LENGTH else text_[: NOTE_LENGTH - 1] + "…"


def _newest(session: Session) -> TownProfileVersion | None:
    query = select(TownProfileVersion).order_by(TownProfileVersion.id.desc()).limit(1)
    return session.scalars(query).first()


def _info(row: TownProfileVersion) -> ProfileVersionInfo:
    return ProfileVersionInfo(row.id, row.town_id, row.name, row.saved_at, row.saved_by, row.note)


def _in_use(row: TownProfileVersion, profile: TownProfile) -> TownInUse:
    return TownInUse(
        row.town_id,
        row.name,
        profile,
        row.id,
        row.saved_at,
        row.saved_by,
        row.note,
        row.profile_toml,
    )


def _write_atomically(path: Path, content: str) -> None:
    """Write the whole file or leave what was there."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, content.encode("utf-8"))
    except OSError as exc:
        raise ValidationError(f"cannot write {path}: {exc.strerror or exc}", field="path") from None


def profile_problems(profile_toml: str) -> tuple[str, ...]:
    """Every problem with a profile's text, each naming its key; empty when it is valid.
    Nothing is read or saved: for an editor that checks as the clerk types."""
    try:
        parse_profile(profile_toml)
    except ProfileError as exc:
        return exc.problems
    return ()


def town_presets() -> list[presets.PresetInfo]:
    """The presets a new database can start from, by id."""
    return presets.list_presets()

"""Fill a database with a demo town, in bulk, under one of the town presets."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import func, insert, select

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.demo.enforcement import add_enforcement
from clerkdesk.demo.generator import DemoBatch, DemoTown
from clerkdesk.demo.history import DEMO_ACTOR, HistoryWritten, Stage, write_history
from clerkdesk.errors import ValidationError
from clerkdesk.models import Dog, Owner, RabiesCertificate, Setting, TownProfileVersion
from clerkdesk.rules import presets
from clerkdesk.rules.counts import counted
from clerkdesk.rules.roles import Actor, Permission
from clerkdesk.services.acting import acting
from clerkdesk.services.search_words import dog_tokens, insert_tokens, owner_tokens
from clerkdesk.services.town import save_town_profile
from clerkdesk.services.users import (
    DEMO_ACCOUNTS,
    DEMO_HASHER,
    DEMO_SETTING,
    add_user,
    demo_password,
    has_users,
)

Progress = Callable[[int, int], None]
MAX_DEMO_DOGS = 1_000_000


@dataclass(frozen=True)
class DemoResult:
    town_id: str
    owners: int
    dogs: int
    certificates: int
    seconds: float
    licenses: int = 0
    lost_tags: int = 0
    transfers: int = 0
    stocked: tuple[str, ...] = ()
    """The license years given tag stock, by label."""
    users: int = 0
    """Demo people added (none to a database with users of its own)."""
    closeouts: int = 0
    """Past business days closed out."""
    voids: int = 0
    kennel_licenses: int = 0


def _tokens(batch: DemoBatch) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for owner in batch.owners:
        rows += owner_tokens(owner["id"], owner["first_name"], owner["last_name"], owner["street"])
    for dog in batch.dogs:
        rows += dog_tokens(dog["owner_id"], dog["id"], dog["name"])
    return rows


def existing_dogs(database: Database) -> int:
    with database.read() as session:
        return session.scalar(select(func.count()).select_from(Dog)) or 0


def _rules_in_force(database: Database) -> str | None:
    with database.read() as session:
        return session.scalar(
            select(TownProfileVersion.profile_toml).order_by(TownProfileVersion.id.desc()).limit(1)
        )


def fill_demo(
    database: Database,
    *,
    dogs: int,
    seed: int,
    town_id: str,
    clock: Clock,
    progress: Progress | None = None,
    history_years: int = 0,
    stock_tags: bool = False,
    history_progress: Progress | None = None,
    stage: Stage | None = None,
) -> DemoResult:
    """Add a demo town of ``dogs`` dogs; refuses a database that already holds dogs.

    ``history_years`` past license years are licensed, and this one up to yesterday; their
    tag stock is received first. ``stock_tags`` receives this year's stock (and next year's
    in its early sale) even when no history is written. ``progress`` counts the dogs made,
    ``history_progress`` the sales written, and ``stage`` is told each other step."""
    if not 1 <= dogs <= MAX_DEMO_DOGS:
        raise ValidationError(f"--dogs must be between 1 and {MAX_DEMO_DOGS:,}", field="dogs")
    known = {preset.id for preset in presets.list_presets()}
    if town_id not in known:
        raise ValidationError(
            f"unknown town {town_id!r}; choose one of {', '.join(sorted(known))}", field="town"
        )
    held = existing_dogs(database)
    if held:
        raise ValidationError(
            f"this database already holds {held:,} dogs; demo data goes only into an empty one"
        )
    if stage is not None:
        past = f" and {counted(history_years, 'past license year')} of its office's history"
        stage(f"building a town of {dogs:,} dogs" + (past if history_years else ""))
    started = dt.datetime.now(dt.UTC)
    rules = presets.preset_toml(town_id)
    if _rules_in_force(database) != rules:
        # A demo stopped after saving the town's rules comes back here: saving the same
        # rules again is refused, and they are already what the demo needs.
        save_town_profile(
            database, rules, actor=DEMO_ACTOR, clock=clock, note=f"demo town, seed {seed}"
        )
    if not 0 <= history_years <= 10:
        raise ValidationError("--years must be between 0 and 10", field="years")
    town = DemoTown(
        seed=seed,
        today=clock.today(),
        town_id=town_id,
        now=clock.now(),
        history_years=history_years,
    )
    owners = made = certificates = 0
    for batch in town.batches(dogs):
        with acting(database, DEMO_ACTOR, Permission.EDIT_RECORDS, clock=clock) as session:
            session.execute(insert(Owner), batch.owners)
            session.execute(insert(Dog), batch.dogs)
            session.execute(insert(RabiesCertificate), batch.certificates)
            insert_tokens(session, _tokens(batch))
        owners += len(batch.owners)
        made += len(batch.dogs)
        certificates += len(batch.certificates)
        if progress is not None:
            progress(made, dogs)
    history = HistoryWritten(0, 0, 0, ())
    if history_years or stock_tags:
        history = write_history(
            database,
            years=history_years,
            seed=seed,
            clock=clock,
            progress=history_progress,
            stock_only=not history_years,
            stage=stage,
        )
    if history_years:  # an office with a past has its officer's records too (no money)
        add_enforcement(database, clock)
    with acting(database, DEMO_ACTOR, Permission.MANAGE_TOWN, clock=clock) as session:
        session.merge(
            Setting(
                key=DEMO_SETTING,
                value=f"seed={seed} town={town_id} dogs={dogs} years={history_years}",
            )
        )
    users = add_demo_users(database, clock)
    seconds = (dt.datetime.now(dt.UTC) - started).total_seconds()
    return DemoResult(
        town_id,
        owners,
        made,
        certificates,
        seconds,
        history.licenses,
        history.lost_tags,
        history.transfers,
        history.stocked,
        users,
        history.closeouts,
        history.voids,
        history.kennel_licenses,
    )


def add_demo_users(database: Database, clock: Clock) -> int:
    """The demo's people, one per role, each with the password ``demo-<name>``; none is
    added to a database that has users of its own already. Returns how many were added."""
    if has_users(database):
        return 0
    first, *others = DEMO_ACCOUNTS
    name, role, full_name = first
    add_user(
        database, name, role, demo_password(name), full_name,
        actor=None, clock=clock, hasher=DEMO_HASHER,
    )  # fmt: skip
    admin = Actor(name, role, "demo")
    for name, role, full_name in others:
        add_user(
            database, name, role, demo_password(name), full_name,
            actor=admin, clock=clock, hasher=DEMO_HASHER,
        )  # fmt: skip
    return len(DEMO_ACCOUNTS)

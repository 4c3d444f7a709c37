"""Writing one batch of planned rows: owners, dogs, their search words, rabies certificates,
kennels, and licenses brought in with their tags, each table in one bulk INSERT.

Bulk inserts pass by the audit hook (it sees only the session's unit of work), so each batch
writes one audit entry of its own naming the import and its counts: an import of 50,000 dogs
is a few dozen entries, not 200,000. Ids come back from ``RETURNING`` in the rows' order, so
the batch needs no query per row and works the same on SQLite and PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import case, func, insert, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from clerkdesk.db import audit_hook, ledger_states
from clerkdesk.models import (
    CertificateKind,
    Dog,
    DogStatus,
    Kennel,
    KennelDog,
    KennelStatus,
    License,
    LicenseStatus,
    NumberSequence,
    Owner,
    OwnerStatus,
    RabiesCertificate,
    TagIssue,
    TagStatus,
)
from clerkdesk.rules.profile import TownProfile
from clerkdesk.rules.roles import Actor
from clerkdesk.services.importing.register_plan import PlannedRow
from clerkdesk.services.ledger_chain import post_standing
from clerkdesk.services.numbers import LICENSE
from clerkdesk.services.search_words import digits, dog_tokens, insert_tokens, owner_tokens

DEFAULT_KENNEL_DOGS = 4


@dataclass
class Counts:
    rows: int = 0
    owners: int = 0
    dogs: int = 0
    merged: int = 0
    licenses: int = 0
    certificates: int = 0
    kennels: int = 0

    def add(self, other: Counts) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def plain(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


@dataclass
class Written:
    """What earlier batches added, by the negative numbers the plan gave them."""

    owners: dict[int, int] = field(default_factory=dict)
    dogs: dict[int, int] = field(default_factory=dict)
    kennels: dict[int, int] = field(default_factory=dict)

    def owner(self, ref: int) -> int:
        return self.owners[ref] if ref < 0 else ref

    def dog(self, ref: int) -> int:
        return self.dogs[ref] if ref < 0 else ref

    def kennel(self, ref: int) -> int:
        return self.kennels[ref] if ref < 0 else ref


def _cut(value: str | None, size: int) -> str | None:
    return None if value is None else value[:size]


def _ids(session: Session, model: Any, rows: list[dict[str, Any]]) -> list[int]:
    """Insert ``rows`` and return their new ids in order. SQLite's writer holds the database
    alone (BEGIN IMMEDIATE), so the ids after the highest are this batch's to give, in one
    executemany; elsewhere ``RETURNING`` in the rows' order (a sequence may be shared)."""
    if not rows:
        return []
    if session.get_bind().dialect.name == "sqlite":
        first = int(session.scalar(select(func.max(model.id))) or 0) + 1
        ids = list(range(first, first + len(rows)))
        session.execute(insert(model), [{**row, "id": i} for row, i in zip(rows, ids, strict=True)])
        return ids
    statement = insert(model).returning(model.id, sort_by_parameter_order=True)
    return [int(i) for i in session.execute(statement, rows).scalars().all()]


@dataclass(frozen=True)
class BatchContext:
    profile: TownProfile
    actor: Actor
    now: dt.datetime
    today: dt.date
    import_id: int
    file_name: str


def write_batch(
    session: Session, rows: Sequence[PlannedRow], done: Written, ctx: BatchContext
) -> Counts:
    counts = Counts(rows=len(rows))
    _owners(session, rows, done, ctx, counts)
    _dogs(session, rows, done, ctx, counts)
    _certificates(session, rows, done, ctx, counts)
    _kennels(session, rows, done, ctx, counts)
    _licenses(session, rows, done, ctx, counts)
    counts.merged = sum(1 for row in rows if row.action == "merge")
    if counts.licenses:
        # The licenses brought in, posted to the ledger's chain as the batch's standing.
        post_standing(session, ctx.now, {"import_batch": ctx.import_id})
    return counts


def _owners(
    session: Session, rows: Sequence[PlannedRow], done: Written, ctx: BatchContext, n: Counts
) -> None:
    adding = [row for row in rows if row.new_owner is not None]
    values: list[dict[str, Any]] = []
    for row in adding:
        o = row.new_owner
        assert o is not None
        values.append(
            {
                "first_name": o.first_name[:80],
                "last_name": o.last_name[:80],
                "street": o.street[:120],
                "unit": _cut(o.unit, 30),
                "city": (o.city or ctx.profile.name)[:80],
                "state": (o.state or "MA")[:2],
                "postal_code": (o.postal_code or "")[:10],
                "phone": _cut(o.phone, 20),
                "phone_alt": _cut(o.phone_alt, 20),
                "phone_digits": (digits(o.phone) or None) if o.phone else None,
                "email": _cut(o.email, 120),
                "status": OwnerStatus.ACTIVE,
                "created_at": ctx.now,
                "updated_at": ctx.now,
            }
        )
    ids = _ids(session, Owner, values)
    tokens: list[dict[str, object]] = []
    for row, new_id, value in zip(adding, ids, values, strict=True):
        done.owners[row.owner] = new_id
        first, last, street = (str(value[k]) for k in ("first_name", "last_name", "street"))
        tokens += owner_tokens(new_id, first, last, street)
    insert_tokens(session, tokens)
    n.owners = len(ids)


def _dogs(
    session: Session, rows: Sequence[PlannedRow], done: Written, ctx: BatchContext, n: Counts
) -> None:
    adding = [row for row in rows if row.new_dog is not None]
    values: list[dict[str, Any]] = []
    for row in adding:
        d = row.new_dog
        assert d is not None
        values.append(
            {
                "owner_id": done.owner(row.owner),
                "name": d.name[:80],
                "breed": d.breed[:60],
                "color": d.color[:60],
                "sex": d.sex,
                "altered": d.altered,
                "birth_date": d.birth_date,
                "birth_date_estimated": False,
                "microchip": _cut(d.microchip, 20),
                "status": DogStatus.ACTIVE,
                "created_at": ctx.now,
                "updated_at": ctx.now,
            }
        )
    ids = _ids(session, Dog, values)
    tokens: list[dict[str, object]] = []
    for row, new_id, value in zip(adding, ids, values, strict=True):
        done.dogs[row.dog] = new_id
        tokens += dog_tokens(done.owner(row.owner), new_id, str(value["name"]))
    insert_tokens(session, tokens)
    n.dogs = len(ids)


def _certificates(
    session: Session, rows: Sequence[PlannedRow], done: Written, ctx: BatchContext, n: Counts
) -> None:
    values = [
        {
            "dog_id": done.dog(row.dog),
            "kind": CertificateKind.VACCINATION,
            "vaccination_date": row.rabies.vaccinated_on,
            "expires_on": row.rabies.expires_on,
            "duration_years": row.rabies.years,
            "rabies_tag_number": _cut(row.rabies.tag, 40),
            "veterinarian": _cut(row.rabies.veterinarian, 80),
            "clinic": _cut(row.rabies.clinic, 120),
            "created_at": ctx.now,
        }
        for row in rows
        if row.rabies is not None
    ]
    if values:
        session.execute(insert(RabiesCertificate), values)
    n.certificates = len(values)


def _kennels(
    session: Session, rows: Sequence[PlannedRow], done: Written, ctx: BatchContext, n: Counts
) -> None:
    adding = [row for row in rows if row.new_kennel and row.kennel is not None]
    keepers = {done.owner(row.owner) for row in adding}
    places = {
        o.id: o
        for o in session.execute(
            select(Owner.id, Owner.street, Owner.unit, Owner.city, Owner.postal_code).where(
                Owner.id.in_(keepers)
            )
        )
    }
    values = []
    for row in adding:
        assert row.kennel is not None
        place = places[done.owner(row.owner)]
        values.append(
            {
                "name": row.kennel.name[:120],
                "keeper_id": place.id,
                "premises_street": place.street,
                "premises_unit": place.unit,
                "premises_city": place.city,
                "premises_postal_code": place.postal_code,
                "kennel_class": row.kennel.kennel_class,
                "max_dogs": row.kennel.max_dogs or DEFAULT_KENNEL_DOGS,
                "status": KennelStatus.ACTIVE,
                "created_at": ctx.now,
                "created_by": ctx.actor.name,
            }
        )
    for row, new_id in zip(adding, _ids(session, Kennel, values), strict=True):
        done.kennels[row.kennel_ref] = new_id
    kept = [
        {
            "kennel_id": done.kennel(row.kennel_ref),
            "dog_id": done.dog(row.dog),
            "added_on": ctx.today,
            "added_by": ctx.actor.name,
        }
        for row in rows
        if row.roster
    ]
    if kept:
        session.execute(insert(KennelDog), kept)
    n.kennels = len(values)


def numbers_at_least(session: Session, scope: dt.date, least: int) -> None:
    """The license numbers of ``scope``'s year carry on after ``least``: the counter's next
    license of a year the old register numbered follows the old numbers, never repeats one."""
    module = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    table = NumberSequence.__table__
    statement = (
        module.insert(table)
        .values(name=LICENSE, scope=scope.isoformat(), last_value=least)
        .on_conflict_do_update(
            index_elements=[table.c.name, table.c.scope],
            set_={
                "last_value": case((table.c.last_value < least, least), else_=table.c.last_value)
            },
        )
    )
    session.execute(statement)


def _take_numbers(session: Session, scope: dt.date, count: int) -> range:
    module = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    table = NumberSequence.__table__
    statement = (
        module.insert(table)
        .values(name=LICENSE, scope=scope.isoformat(), last_value=count)
        .on_conflict_do_update(
            index_elements=[table.c.name, table.c.scope],
            set_={"last_value": table.c.last_value + count},
        )
        .returning(table.c.last_value)
    )
    last = int(session.execute(statement).scalar_one())
    return range(last - count + 1, last + 1)


def _licenses(
    session: Session, rows: Sequence[PlannedRow], done: Written, ctx: BatchContext, n: Counts
) -> None:
    adding = [row for row in rows if row.license is not None]
    unnumbered: dict[dt.date, int] = {}
    for row in adding:
        assert row.license is not None
        if row.license.part.number is None:
            start = row.license.year.start
            unnumbered[start] = unnumbered.get(start, 0) + 1
    taken = {start: iter(_take_numbers(session, start, c)) for start, c in unnumbered.items()}
    values = []
    for row in adding:
        assert row.license is not None
        year, part = row.license.year, row.license.part
        number = part.number if part.number is not None else next(taken[year.start])
        day = part.licensed_on or year.start
        values.append(
            {
                "number": number,
                "license_year_start": year.start,
                "license_year_end": year.end,
                "license_year_label": year.label,
                "valid_from": year.start,
                "valid_until": year.end,
                "dog_id": done.dog(row.dog),
                "owner_id": done.owner(row.owner),
                "receipt_id": None,
                "tag_number": part.tag,
                "status": LicenseStatus.ISSUED,
                # Noon, so the day reads the same in the town's time and in UTC.
                "issued_at": dt.datetime.combine(day, dt.time(12), tzinfo=dt.UTC),
                "issued_by": ctx.actor.name,
                "brought_in": True,
                "import_batch_id": ctx.import_id,
                "brought_in_amount": part.amount,
            }
        )
    ids = _ids(session, License, values)
    tags = [
        {
            "license_year_start": value["license_year_start"],
            "tag_number": value["tag_number"],
            "license_id": license_id,
            "status": TagStatus.ISSUED,
            "issued_at": value["issued_at"],
            "issued_by": ctx.actor.name,
            "receipt_id": None,
        }
        for value, license_id in zip(values, ids, strict=True)
        if value["tag_number"] is not None
    ]
    tag_ids = _ids(session, TagIssue, tags)
    # Brought in through Core, past the flush that notes what the ledger's next link records.
    ledger_states.note(session, "license", ids)
    ledger_states.note(session, "tag_issue", tag_ids)
    n.licenses = len(ids)


def audit_batch(
    session: Session, ctx: BatchContext, first_row: int, last_row: int, counts: Counts
) -> None:
    """One audit entry for the batch: the import, its file, its rows and what they added."""
    after = {"file": ctx.file_name, "rows": f"{first_row}-{last_row}", **counts.plain()}
    audit_hook.queue(
        session,
        [
            {
                "at": ctx.now,
                "user_name": ctx.actor.name[:80],
                "workstation": (ctx.actor.workstation or "")[:120],
                "action": "import",
                "table_name": "import_batch",
                "record_id": str(ctx.import_id),
                "before": None,
                "after": json.dumps(after, sort_keys=True),
            }
        ],
    )

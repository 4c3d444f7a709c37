"""Row locks that make two workstations take turns where the rules count.

PostgreSQL runs each transaction at READ COMMITTED: two checkouts that read an owner's
licenses at the same moment both see none, so both would give the one free license a
senior owner is allowed, and both would license the same dog. Locking the rows those
counts hang on (the dogs, their owners, the year's tag stock) before reading them makes
the second workstation wait until the first commits; each of its later statements then
sees what the first wrote, so it quotes and refuses exactly as a single workstation would.

SQLite needs none of this: every write transaction there begins IMMEDIATE, so writers
already take turns and everything a checkout reads is read inside its turn.

Every caller locks in one order — dogs, then owners, then the fines and impounds a sale
charges, then tag stock, each by id, then the number counters (``numbers``) — so two
workstations never wait for each other in a circle. ``FOR NO KEY UPDATE`` is enough for that
and, unlike ``FOR UPDATE``, lets other transactions go on inserting rows that merely refer to
a locked owner or dog.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from clerkdesk.models import Dog, Impound, Kennel, License, Owner, TagStock, Violation


def _needs_locks(session: Session) -> bool:
    return session.get_bind().dialect.name != "sqlite"


def _hold(session: Session, column: Any, values: Iterable[Any]) -> None:
    """Hold the rows whose ``column`` is one of ``values``, in the column's order."""
    wanted = sorted(set(values))
    if wanted:
        session.execute(
            select(column)
            .where(column.in_(wanted))
            .order_by(column)
            .with_for_update(key_share=True)
        ).all()


def lock_dogs_and_owners(
    session: Session, dog_ids: Iterable[int], owner_ids: Iterable[int] = ()
) -> None:
    """Hold the dogs and every owner involved (theirs and ``owner_ids``) to the end of the
    transaction. The dogs' owners are read after the dogs are held, so a transfer that
    committed while this waited is seen."""
    if not _needs_locks(session):
        return
    dogs = sorted(set(dog_ids))
    owners = set(owner_ids)
    if dogs:
        held = session.execute(
            select(Dog.id, Dog.owner_id)
            .where(Dog.id.in_(dogs))
            .order_by(Dog.id)
            .with_for_update(key_share=True)
        ).all()
        owners.update(owner for _dog, owner in held)
    _hold(session, Owner.id, owners)


def lock_enforcement(
    session: Session, violation_ids: Iterable[int], impound_ids: Iterable[int]
) -> None:
    """Hold the violations and impounds a sale charges, so two workstations cannot both take
    one fine or one release: after the dogs and owners, before the tag stock."""
    if not _needs_locks(session):
        return
    _hold(session, Violation.id, violation_ids)
    _hold(session, Impound.id, impound_ids)


def lock_tag_stock(session: Session, year_starts: Iterable[dt.date]) -> None:
    """Hold the tag stock of these license years: the next tag is read after this, so two
    workstations never pick the same number. Take it after the dogs and owners."""
    if not _needs_locks(session):
        return
    _hold(session, TagStock.license_year_start, year_starts)


def lock_for_license(session: Session, license_id: int) -> None:
    """Hold what a change to one license counts: its dog, its owner, its year's tag stock."""
    if not _needs_locks(session):
        return
    found = session.execute(
        select(License.dog_id, License.license_year_start).where(License.id == license_id)
    ).first()
    if found is None:
        return
    lock_dogs_and_owners(session, [found.dog_id])
    lock_tag_stock(session, [found.license_year_start])


def lock_kennel(session: Session, kennel_id: int) -> None:
    """Hold one kennel while its license is sold: the second workstation selling the same
    kennel's license for the same year waits, then sees the first's license and is refused.
    Taken first, before the ledger's chain and the number counters."""
    if not _needs_locks(session):
        return
    _hold(session, Kennel.id, [kennel_id])


# Receiving a range adds rows: there is no row yet to hold, so PostgreSQL holds the license
# year itself (a transaction-level advisory lock, released at commit or rollback).
_TAG_RECEIVING = 0x7467  # "tg": the lock class, so it never meets another advisory lock


def lock_tag_receiving(session: Session, year_start: dt.date) -> None:
    """Two workstations receiving ranges for one license year take turns, so the second
    sees the first's range and an overlap is refused rather than saved twice."""
    if not _needs_locks(session):
        return
    session.execute(
        text("SELECT pg_advisory_xact_lock(:kind, :year)"),
        {"kind": _TAG_RECEIVING, "year": year_start.toordinal()},
    )


# Who the administrators are is counted across rows (the first user, the last active
# administrator): PostgreSQL holds the user list as a whole instead.
_USERS = 0x7573  # "us"


def lock_users(session: Session) -> None:
    """Two workstations creating a database's first user, or disabling administrators, take
    turns: the second sees the first's user and is refused rather than leaving two first
    administrators, or none active."""
    if not _needs_locks(session):
        return
    session.execute(text("SELECT pg_advisory_xact_lock(:kind, 0)"), {"kind": _USERS})

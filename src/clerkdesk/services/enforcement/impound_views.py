"""Impounds as the officer and the clerk read them: one impound's card (its dog, its
holding periods, its charges as of a moment, paid or not, its disposition) and the list.

Nothing here writes. The charges are ``impound_facts.release_charges``, the same lines the
counter's release takes money for.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import ColumnElement, String, and_, cast, func, or_, select
from sqlalchemy.orm import Session, aliased

from clerkdesk.clock import Clock, SystemClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import Dog, Impound, Owner, Receipt
from clerkdesk.rules.enforcement_kinds import ImpoundDisposition
from clerkdesk.rules.holding import HoldingPeriod, disposal_period, holding_periods
from clerkdesk.rules.money import total as money_total
from clerkdesk.rules.quote import QuoteLine
from clerkdesk.rules.town_time import town_day
from clerkdesk.services.enforcement.impound_facts import license_on, release_charges
from clerkdesk.services.enforcement.paid import paid_impounds
from clerkdesk.services.enforcement.refs import parse_ref
from clerkdesk.services.profile_source import profile_in_force


@dataclass(frozen=True)
class ImpoundView:
    id: int
    label: str
    dog_id: int | None
    dog_name: str | None
    owner_id: int | None
    owner_name: str | None
    description: str
    taken_at: dt.datetime
    place: str
    taken_by: str
    held_at: str
    licensed_when_taken: bool
    licensed_now: bool
    """The dog holds a license in force on the day of ``at`` (an unknown dog: no)."""
    handling_events: int
    notes: str | None
    holding: tuple[HoldingPeriod, ...]
    charges: tuple[QuoteLine, ...]
    """A release's lines as of ``at`` (or as of the disposition, once the dog has left)."""
    total: Decimal
    paid: bool
    disposition: ImpoundDisposition | None
    disposed_at: dt.datetime | None
    disposed_by: str | None
    disposition_notes: str | None
    adopter_name: str | None
    release_receipt_label: str | None
    charges_as_of: dt.datetime
    charges_refused: str | None = None
    """Why no charges are shown (the profile sets no impound fee), or None."""

    @property
    def held(self) -> bool:
        return self.disposition is None


@dataclass(frozen=True)
class ImpoundRow:
    id: int
    label: str
    dog_name: str | None
    description: str
    owner_name: str | None
    taken_at: dt.datetime
    held_at: str
    disposition: ImpoundDisposition | None
    days_held: int
    """Whole days from the day taken in (day 0) to today, or to the disposition."""
    ten_day_ends_on: dt.date

    @property
    def shown_name(self) -> str:
        """The dog's name, or the officer's description of a dog not yet known."""
        return self.dog_name or self.description


def the_impound(session: Session, impound_id: int) -> Impound:
    found = session.get(Impound, impound_id)
    if found is None:
        raise ValidationError(f"No impound {impound_id} is on file.", field="impound")
    return found


def impound_view(database: Database, impound_id: int, at: dt.datetime) -> ImpoundView:
    """The impound's card, its charges counted to ``at`` (aware): the time of a release
    being asked about. Once the dog has left, they are counted to its disposition."""
    if at.tzinfo is None:
        raise ValidationError("The time asked about needs its time zone.", field="at")
    with database.read() as session:
        impound = the_impound(session, impound_id)
        profile = profile_in_force(session)
        dog = session.get(Dog, impound.dog_id) if impound.dog_id is not None else None
        owner = session.get(Owner, impound.owner_id) if impound.owner_id is not None else None
        adopter = (
            session.get(Owner, impound.adopter_owner_id)
            if impound.adopter_owner_id is not None
            else None
        )
        receipt = (
            session.get(Receipt, impound.release_receipt_id)
            if impound.release_receipt_id is not None
            else None
        )
        as_of = impound.disposed_at if impound.disposed_at is not None else at
        refused: str | None = None
        try:
            lines = release_charges(session, profile, impound, as_of)
        except ValidationError as exc:
            lines, refused = [], exc.message
        licensed_now = (
            dog is not None and license_on(session, profile, dog.id, town_day(at)) is not None
        )
        return ImpoundView(
            id=impound.id,
            label=impound.label,
            dog_id=impound.dog_id,
            dog_name=dog.name if dog is not None else None,
            owner_id=impound.owner_id,
            owner_name=owner.display_name if owner is not None else None,
            description=impound.description,
            taken_at=impound.taken_at,
            place=impound.place,
            taken_by=impound.taken_by,
            held_at=impound.held_at,
            licensed_when_taken=impound.licensed_when_taken,
            licensed_now=licensed_now,
            handling_events=impound.handling_events,
            notes=impound.notes,
            holding=holding_periods(town_day(impound.taken_at)),
            charges=tuple(lines),
            total=money_total(line.amount for line in lines),
            paid=impound.id in paid_impounds(session, (impound.id,)),
            disposition=impound.disposition,
            disposed_at=impound.disposed_at,
            disposed_by=impound.disposed_by,
            disposition_notes=impound.disposition_notes,
            adopter_name=adopter.display_name if adopter is not None else None,
            release_receipt_label=receipt.label if receipt is not None else None,
            charges_as_of=as_of,
            charges_refused=refused,
        )


def list_impounds(
    database: Database,
    *,
    held_only: bool = False,
    text: str | None = None,
    limit: int = 200,
    clock: Clock | None = None,
) -> list[ImpoundRow]:
    """Impounds, newest taken in first; ``held_only`` those with no disposition yet;
    ``text`` a reference (I2026-0001) or words found in the dog's name, the description,
    the owner's name, the place or where it is held. ``clock`` dates "today" for the days
    held (this computer's clock without one)."""
    today = (clock or SystemClock()).today()
    owner = aliased(Owner)
    query = (
        select(Impound, Dog.name, owner)
        .outerjoin(Dog, Dog.id == Impound.dog_id)
        .outerjoin(owner, owner.id == Impound.owner_id)
    )
    if held_only:
        query = query.where(Impound.disposition.is_(None))
    words = (text or "").strip()
    if words:
        query = query.where(_matching(words, owner))
    query = query.order_by(Impound.taken_at.desc(), Impound.id.desc()).limit(max(limit, 0))
    rows: list[ImpoundRow] = []
    with database.read() as session:
        for impound, dog_name, found_owner in session.execute(query):
            taken_on = town_day(impound.taken_at)
            until = town_day(impound.disposed_at) if impound.disposed_at is not None else today
            rows.append(
                ImpoundRow(
                    id=impound.id,
                    label=impound.label,
                    dog_name=dog_name,
                    description=impound.description,
                    owner_name=found_owner.display_name if found_owner is not None else None,
                    taken_at=impound.taken_at,
                    held_at=impound.held_at,
                    disposition=impound.disposition,
                    days_held=max(0, (until - taken_on).days),
                    ten_day_ends_on=disposal_period(taken_on).ends_on,
                )
            )
    return rows


def _matching(words: str, owner: type[Owner]) -> ColumnElement[bool]:
    try:
        year, number = parse_ref(words, Impound)
    except ValidationError:
        pass
    else:
        return and_(Impound.year == year, Impound.number == number)
    # The clerk's % and _ are letters to find, not LIKE's wildcards.
    escaped = words.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    pattern = f"%{escaped}%"
    full_name = func.lower(cast(owner.first_name, String) + " " + cast(owner.last_name, String))
    columns = (Dog.name, Impound.description, Impound.place, Impound.held_at)
    return or_(
        full_name.like(pattern, escape="\\"),
        *(func.lower(column).like(pattern, escape="\\") for column in columns),
    )

"""The audit trail's writer: every change the write sessions flush to the office's records
becomes an entry naming who, where, when, and the changed columns before and after."""

from __future__ import annotations

import datetime as dt
import gc
import json
from decimal import Decimal

import pytest
from sqlalchemy import select
from sqlalchemy.orm import sessionmaker

from actors import CLERK, staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.audit_hook import install, plain
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models import AuditEntry, Owner, Role, Setting, TagStatus, User
from clerkdesk.rules.roles import Permission
from clerkdesk.services import people, rabies
from clerkdesk.services.acting import acting
from small_town import owner_input, vaccination

ANN = staff("ann", Role.ASSISTANT_CLERK, "front-desk")
ROOT = staff("root", Role.ADMINISTRATOR)


def _entries(database: Database, table: str | None = None) -> list[AuditEntry]:
    query = select(AuditEntry).order_by(AuditEntry.id)
    if table is not None:
        query = query.where(AuditEntry.table_name == table)
    with database.read() as session:
        return list(session.scalars(query))


def _json(text: str | None) -> dict[str, object]:
    return {} if text is None else dict(json.loads(text))


def test_an_added_owner_and_a_change_to_them_name_who_where_when_and_what(
    database: Database, clock: FixedClock
) -> None:
    # GIVEN an owner added by an assistant clerk at the front desk
    owner = people.create_owner(database, owner_input(), actor=ANN, clock=clock)
    # WHEN the clerk later corrects the phone number
    later = FixedClock(clock.now() + dt.timedelta(hours=2))
    people.update_owner(
        database, owner, owner_input(phone="508-555-0177"), actor=CLERK, clock=later
    )
    # THEN the trail holds the addition and the change, each with its person and moment
    added, changed = _entries(database, "owner")
    assert (added.action, added.user_name, added.workstation) == ("insert", "ann", "front-desk")
    assert (added.record_id, added.at) == (str(owner), clock.now())
    assert added.before is None
    assert _json(added.after)["last_name"] == "Doe"
    assert _json(added.after)["birth_date"] == "1960-03-04"
    assert _json(added.after)["status"] == "active"
    assert (changed.action, changed.user_name, changed.workstation) == ("update", "clerk", "test")
    assert changed.at == later.now()
    # only what changed, and not the bookkeeping "updated at"
    assert _json(changed.before) == {"phone": "508-555-0101", "phone_digits": "5085550101"}
    assert _json(changed.after) == {"phone": "508-555-0177", "phone_digits": "5085550177"}


def test_saving_the_same_values_again_is_no_change(database: Database, clock: FixedClock) -> None:
    owner = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    people.update_owner(database, owner, owner_input(), actor=CLERK, clock=clock)
    assert [e.action for e in _entries(database, "owner")] == ["insert"]


def test_a_refused_change_leaves_no_entry(database: Database, clock: FixedClock) -> None:
    owner = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    with pytest.raises(ValidationError):
        people.set_dog_status(
            database, 999, people.DogStatus.DECEASED, on=clock.today(), actor=CLERK, clock=clock
        )
    with pytest.raises(ValidationError), acting(database, CLERK, Permission.EDIT_RECORDS) as s:
        row = s.get(Owner, owner)
        assert row is not None
        row.phone = "508-555-0000"
        s.flush()
        raise ValidationError("changed my mind")
    assert [e.action for e in _entries(database)] == ["insert"]


def test_a_savepoint_rolled_back_takes_its_entries_with_it(
    database: Database, clock: FixedClock
) -> None:
    with acting(database, CLERK, Permission.EDIT_RECORDS, clock=clock) as session:
        values = people.check_owner(owner_input(), clock.today())
        now = clock.now()
        with pytest.raises(ValidationError), session.begin_nested():
            session.add(Owner(**values, created_at=now, updated_at=now))
            session.flush()
            raise ValidationError("this owner could not be licensed")
        with session.begin_nested():
            session.add(Owner(**{**values, "last_name": "Roe"}, created_at=now, updated_at=now))
        session.add(Owner(**{**values, "last_name": "Poe"}, created_at=now, updated_at=now))
    kept = [_json(e.after)["last_name"] for e in _entries(database, "owner")]
    assert kept == ["Roe", "Poe"]


def test_a_write_without_a_person_is_recorded_as_the_system(database: Database) -> None:
    with database.write() as session:
        session.add(Setting(key="idle_minutes", value="10"))
    with database.write() as session:
        setting = session.get(Setting, "idle_minutes")
        assert setting is not None
        session.delete(setting)
    added, removed = _entries(database, "setting")
    assert (added.user_name, added.record_id, _json(added.after)) == (
        "system",
        "idle_minutes",
        {"key": "idle_minutes", "value": "10"},
    )
    assert (removed.action, removed.after, _json(removed.before)["value"]) == (
        "delete",
        None,
        "10",
    )


def test_a_scan_is_recorded_by_its_size_and_a_password_never(
    database: Database, clock: FixedClock
) -> None:
    owner = people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    dog = people.create_dog(
        database,
        owner,
        people.DogInput("Rex", "Beagle", "Tan", "male", False),
        actor=CLERK,
        clock=clock,
    )
    scan = rabies.Scan("certificate.pdf", b"%PDF-1.4 " + b"x" * 2000)
    rabies.record_certificate(database, dog, vaccination(), actor=CLERK, clock=clock, scan=scan)
    (stored,) = _entries(database, "stored_document")
    assert _json(stored.after)["content"] == "(2,009 bytes)"
    assert "xxxx" not in (stored.after or "")
    with acting(database, ROOT, Permission.MANAGE_USERS) as session:
        session.add(
            User(
                name="bob",
                role=Role.TREASURER,
                password_hash="$argon2id$v=19$secret",
                created_at=clock.now(),
                created_by="clerk",
            )
        )
    with acting(database, ROOT, Permission.MANAGE_USERS) as session:
        bob = session.scalars(select(User).where(User.name == "bob")).one()
        bob.last_signed_in_at = clock.now()  # sign-in bookkeeping: no entry
        bob.failed_attempts = 0
    (user,) = _entries(database, "app_user")
    assert _json(user.after)["password_hash"] == "(hidden)"
    assert "argon2" not in (user.after or "")


def test_search_words_and_receipts_are_not_in_the_trail(
    database: Database, clock: FixedClock
) -> None:
    people.create_owner(database, owner_input(), actor=CLERK, clock=clock)
    tables = {e.table_name for e in _entries(database)}
    assert tables == {"owner"}


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Decimal("10.50"), "10.50"),
        (dt.date(2026, 6, 1), "2026-06-01"),
        (dt.datetime(2026, 6, 1, 14, 30, tzinfo=dt.UTC), "2026-06-01T14:30:00+00:00"),
        (TagStatus.LOST, "lost"),
        (b"\x89PNG", "(4 bytes)"),
        (True, True),
        (7, 7),
        (None, None),
    ],
)
def test_values_are_kept_as_plain_json(value: object, shown: object) -> None:
    assert plain(value) == shown


def test_a_new_write_factory_records_where_a_gone_one_stood(sqlite_database: Database) -> None:
    # GIVEN write-session factories made and dropped one after another while the garbage
    # collector waits, so that a new one is often made at a gone one's address
    gc.disable()
    try:
        for number in range(50):
            factory = sessionmaker(bind=sqlite_database.engine)
            install(factory)
            # WHEN a setting is written through it
            with factory() as session:
                session.add(Setting(key=f"k{number}", value="v"))
                session.commit()
            del factory
    finally:
        gc.enable()
    # THEN every one of them recorded its write
    assert len(_entries(sqlite_database, "setting")) == 50

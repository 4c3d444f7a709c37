"""Users and signing in, on both databases: the first administrator, each role's right to
manage users, the throttle after failed attempts, rehashing, disabled users and the last
administrator."""

from __future__ import annotations

import datetime as dt

import pytest
from argon2 import PasswordHasher
from sqlalchemy import func, select

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.errors import ValidationError
from clerkdesk.models.access import SignInAttempt, UserSecret
from clerkdesk.models.users import User
from clerkdesk.rules.roles import Permission, Role
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.idle_lock import (
    DEFAULT_IDLE_MINUTES,
    idle_lock_minutes,
    set_idle_lock_minutes,
)
from clerkdesk.services.sign_in import NO_MATCH, SignInRefused, sign_in, wait_after
from clerkdesk.services.users import (
    add_user,
    check_full_name,
    disable_user,
    has_users,
    list_users,
    parse_role,
    set_password,
)

# Light parameters keep the suite quick; one test below checks the rehash to stronger ones.
QUICK = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
ADMIN = staff("boss", Role.ADMINISTRATOR)


@pytest.fixture
def office(database: Database, clock: FixedClock) -> Database:
    """An administrator (boss) and a clerk (ann)."""
    add_user(database, "boss", Role.ADMINISTRATOR, "boss-password", actor=None, clock=clock,
             hasher=QUICK)  # fmt: skip
    add_user(database, "ann", Role.CLERK, "ann-password", "Ann Clerk", actor=ADMIN, clock=clock,
             hasher=QUICK)  # fmt: skip
    return database


def _in(database: Database, name: str, password: str, clock: FixedClock) -> object:
    return sign_in(database, name, password, clock=clock, workstation="front", hasher=QUICK)


def _failures(database: Database, name: str) -> int:
    with database.read() as session:
        tries = session.get(SignInAttempt, name)
        return 0 if tries is None else tries.failed_attempts


def _wait_over(database: Database, name: str, seconds: int) -> None:
    """As if ``seconds`` had passed since the last failure: moved back in the database,
    whose clock (a shared server's own) decides the wait."""
    with database.write() as session:
        tries = session.get(SignInAttempt, name)
        assert tries is not None and tries.last_failed_at is not None
        tries.last_failed_at -= dt.timedelta(seconds=seconds)


def _hash(database: Database, name: str) -> str:
    """The password hash: in ``app_user`` on SQLite, the server's own on PostgreSQL."""
    with database.read() as session:
        if database.is_sqlite:
            return _row(database, name).password_hash
        secret = session.get(UserSecret, name)
        assert secret is not None
        return secret.password_hash


def _row(database: Database, name: str) -> User:
    with database.read() as session:
        user = session.scalar(select(User).where(User.name == name))
        assert user is not None
        session.expunge(user)
        return user


def test_the_first_user_is_the_administrator_added_by_no_one(
    database: Database, clock: FixedClock
) -> None:
    assert not has_users(database)
    with pytest.raises(ValidationError, match="must be the administrator"):
        add_user(database, "ann", Role.CLERK, "ann-password", actor=None, clock=clock,
                 hasher=QUICK)  # fmt: skip
    assert not has_users(database)
    row = add_user(database, "boss", Role.ADMINISTRATOR, "boss-password", actor=None,
                   clock=clock, hasher=QUICK)  # fmt: skip
    assert (row.name, row.role, row.created_by) == ("boss", Role.ADMINISTRATOR, "boss")
    # WHEN someone else tries the first-run door again, THEN it is shut
    with pytest.raises(PermissionDenied, match="has users already"):
        add_user(database, "mallory", Role.ADMINISTRATOR, "mallory-pw", actor=None,
                 clock=clock, hasher=QUICK)  # fmt: skip
    assert [user.name for user in list_users(database)] == ["boss"]


@pytest.mark.parametrize("role", list(Role))
def test_only_a_role_that_manages_users_adds_one(
    office: Database, clock: FixedClock, role: Role
) -> None:
    actor = staff("someone", role)
    if actor.may(Permission.MANAGE_USERS):
        add_user(office, "newbie", Role.TREASURER, "newbie-password", actor=actor,
                 clock=clock, hasher=QUICK)  # fmt: skip
        assert "newbie" in [user.name for user in list_users(office)]
    else:
        with pytest.raises(PermissionDenied):
            add_user(office, "newbie", Role.TREASURER, "newbie-password", actor=actor,
                     clock=clock, hasher=QUICK)  # fmt: skip
        assert "newbie" not in [user.name for user in list_users(office)]


@pytest.mark.parametrize(
    ("name", "password", "field"),
    [
        ("", "long-enough", "name"),
        ("a" * 41, "long-enough", "name"),
        ("two words", "long-enough", "name"),
        ("ann;drop", "long-enough", "name"),
        ("zoë", "long-enough", "name"),
        ("newbie", "short", "password"),
        ("newbie1", "NEWBIE1", "password"),
        ("newbie", "x" * 257, "password"),
        ("newbie", "tab\there-pw", "password"),
    ],
)
def test_bad_names_and_passwords_are_refused_by_field(
    office: Database, clock: FixedClock, name: str, password: str, field: str
) -> None:
    with pytest.raises(ValidationError) as refused:
        add_user(office, name, Role.CLERK, password, actor=ADMIN, clock=clock, hasher=QUICK)
    assert refused.value.field == field
    assert password not in str(refused.value)
    assert len(list_users(office)) == 2


def test_a_name_is_taken_once(office: Database, clock: FixedClock) -> None:
    with pytest.raises(ValidationError, match="already"):
        add_user(office, "ann", Role.CLERK, "other-password", actor=ADMIN, clock=clock,
                 hasher=QUICK)  # fmt: skip


def test_roles_read_from_their_words() -> None:
    assert parse_role("assistant clerk") is Role.ASSISTANT_CLERK
    assert parse_role("Animal-Control") is Role.ANIMAL_CONTROL
    assert parse_role("animal control officer") is Role.ANIMAL_CONTROL
    with pytest.raises(ValidationError, match="no role"):
        parse_role("mayor")


def test_sign_in_gives_the_actor_and_one_message_for_any_mismatch(
    office: Database, clock: FixedClock
) -> None:
    actor = sign_in(office, "ann", "ann-password", clock=clock, workstation="front",
                    hasher=QUICK)  # fmt: skip
    assert (actor.name, actor.role, actor.workstation) == ("ann", Role.CLERK, "front")
    # The sign-in is dated by the PC's clock on SQLite, by the server's on PostgreSQL.
    assert _row(office, "ann").last_signed_in_at == (clock.now() if office.is_sqlite
                                                     else _server_now(office))  # fmt: skip
    for name, password in (("ann", "wrong-password"), ("nobody", "ann-password"), ("", "")):
        with pytest.raises(SignInRefused) as refused:
            _in(office, name, password, clock)
        assert refused.value.message == NO_MATCH


def _server_now(database: Database) -> object:
    with database.read() as session:
        signed = session.scalar(select(User.last_signed_in_at).where(User.name == "ann"))
        now = session.scalar(select(func.now()))
    assert signed is not None and now is not None and abs(now - signed) < dt.timedelta(minutes=1)
    return signed


def test_failures_are_counted_on_the_user_and_then_throttled(
    office: Database, clock: FixedClock
) -> None:
    # GIVEN five wrong passwords in a row: refused, but not yet made to wait
    for _ in range(5):
        with pytest.raises(SignInRefused, match="do not match"):
            _in(office, "ann", "wrong-password", clock)
    assert _failures(office, "ann") == 5
    # THEN even the right password must wait 30 seconds, and the message says so
    with pytest.raises(SignInRefused, match="try again in 30 seconds") as refused:
        _in(office, "ann", "ann-password", clock)
    assert refused.value.wait is not None
    assert dt.timedelta(seconds=29) < refused.value.wait <= dt.timedelta(seconds=30)
    _wait_over(office, "ann", 20)
    with pytest.raises(SignInRefused, match="try again in 10 seconds"):
        _in(office, "ann", "ann-password", clock)
    # WHEN the wait is over, another wrong password doubles it
    _wait_over(office, "ann", 10)
    with pytest.raises(SignInRefused, match="do not match"):
        _in(office, "ann", "wrong-password", clock)
    with pytest.raises(SignInRefused, match="try again in 60 seconds"):
        _in(office, "ann", "ann-password", clock)
    _wait_over(office, "ann", 60)
    # THEN the right password after the wait signs in and clears the count
    assert _in(office, "ann", "ann-password", clock)
    assert _failures(office, "ann") == 0


def test_a_name_with_no_user_is_throttled_in_the_same_words(
    office: Database, clock: FixedClock
) -> None:
    # GIVEN five wrong passwords for a real name and for a name no one has
    for name in ("ann", "nobody"):
        for _ in range(5):
            with pytest.raises(SignInRefused, match="do not match"):
                _in(office, name, "wrong-password", clock)
    # THEN the sixth attempt of each is told the same thing
    said = set()
    for name in ("ann", "nobody"):
        with pytest.raises(SignInRefused) as refused:
            _in(office, name, "wrong-password", clock)
        said.add(refused.value.message)
    assert said == {"Too many failed sign-ins for this name: try again in 30 seconds."}


def test_the_wait_doubles_to_fifteen_minutes_at_most() -> None:
    assert [wait_after(n).total_seconds() for n in (4, 5, 6, 7, 8, 9, 10)] == [
        0, 30, 60, 120, 240, 480, 900
    ]  # fmt: skip
    assert wait_after(40) == dt.timedelta(minutes=15)


def test_the_throttle_holds_at_every_workstation(office: Database, clock: FixedClock) -> None:
    for _ in range(5):
        with pytest.raises(SignInRefused):
            sign_in(office, "ann", "bad-password", clock=clock, workstation="front",
                    hasher=QUICK)  # fmt: skip
    with pytest.raises(SignInRefused, match="try again"):
        sign_in(office, "ann", "ann-password", clock=clock, workstation="back-office",
                hasher=QUICK)  # fmt: skip


def test_a_hash_made_with_older_parameters_is_rehashed_on_sign_in(
    office: Database, clock: FixedClock
) -> None:
    before = _hash(office, "ann")
    stronger = PasswordHasher(time_cost=2, memory_cost=16 * 1024, parallelism=1)
    assert stronger.check_needs_rehash(before)
    sign_in(office, "ann", "ann-password", clock=clock, workstation="front", hasher=stronger)
    after = _hash(office, "ann")
    assert after != before and not stronger.check_needs_rehash(after)
    assert after.startswith("$argon2id$") and "t=2" in after
    assert sign_in(office, "ann", "ann-password", clock=clock, workstation="f", hasher=QUICK)
    # A wrong password rehashes nothing.
    with pytest.raises(SignInRefused):
        sign_in(office, "boss", "wrong-password", clock=clock, workstation="f", hasher=stronger)
    assert stronger.check_needs_rehash(_hash(office, "boss"))


def test_a_disabled_user_cannot_sign_in(office: Database, clock: FixedClock) -> None:
    disable_user(office, "ann", actor=ADMIN)
    with pytest.raises(SignInRefused, match="ann is disabled"):
        _in(office, "ann", "ann-password", clock)
    # A wrong password says no more than for anyone else.
    with pytest.raises(SignInRefused) as refused:
        _in(office, "ann", "wrong-password", clock)
    assert refused.value.message == NO_MATCH
    assert [user.disabled for user in list_users(office)] == [True, False]


def test_the_last_active_administrator_stays(office: Database, clock: FixedClock) -> None:
    with pytest.raises(ValidationError, match="last active administrator"):
        disable_user(office, "boss", actor=ADMIN)
    add_user(office, "deputy", Role.ADMINISTRATOR, "deputy-password", actor=ADMIN,
             clock=clock, hasher=QUICK)  # fmt: skip
    disable_user(office, "boss", actor=staff("deputy", Role.ADMINISTRATOR))
    with pytest.raises(ValidationError, match="last active administrator"):
        disable_user(office, "deputy", actor=staff("deputy", Role.ADMINISTRATOR))


@pytest.mark.parametrize("role", [r for r in Role if r is not Role.ADMINISTRATOR])
def test_only_an_administrator_disables(office: Database, role: Role) -> None:
    with pytest.raises(PermissionDenied):
        disable_user(office, "ann", actor=staff("someone", role))
    assert not _row(office, "ann").disabled


def test_passwords_change_by_the_administrator_or_oneself_with_the_old_one(
    office: Database, clock: FixedClock
) -> None:
    ann = staff("ann", Role.CLERK)
    with pytest.raises(ValidationError, match="present password"):
        set_password(office, "ann", "new-password", actor=ann, hasher=QUICK)
    with pytest.raises(ValidationError, match="not right"):
        set_password(office, "ann", "new-password", actor=ann, old_password="guess-pw",
                     hasher=QUICK)  # fmt: skip
    with pytest.raises(PermissionDenied, match="only their own"):
        set_password(office, "boss", "new-password", actor=ann, old_password="ann-password",
                     hasher=QUICK)  # fmt: skip
    set_password(office, "ann", "new-password", actor=ann, old_password="ann-password",
                 hasher=QUICK)  # fmt: skip
    assert _in(office, "ann", "new-password", clock).name == "ann"  # type: ignore[attr-defined]
    # The administrator resets it without the old one, and clears any throttle.
    for _ in range(6):
        with pytest.raises(SignInRefused):
            _in(office, "ann", "forgotten-pw", clock)
    set_password(office, "ann", "reset-password", actor=ADMIN, hasher=QUICK)
    assert _in(office, "ann", "reset-password", clock)


def test_no_hash_or_password_appears_in_what_a_user_row_says(office: Database) -> None:
    for row in list_users(office):
        assert "argon2" not in repr(row) and "password" not in repr(row)


def test_the_idle_lock_is_an_office_setting_the_town_managers_change(office: Database) -> None:
    assert idle_lock_minutes(office) == DEFAULT_IDLE_MINUTES
    set_idle_lock_minutes(office, 0, actor=staff("ann", Role.CLERK))
    assert idle_lock_minutes(office) == 0
    with pytest.raises(PermissionDenied):
        set_idle_lock_minutes(office, 5, actor=staff("kim", Role.ASSISTANT_CLERK))
    with pytest.raises(ValidationError, match="480"):
        set_idle_lock_minutes(office, 481, actor=ADMIN)
    assert idle_lock_minutes(office) == 0


@pytest.mark.parametrize(
    "full_name", ["Ann\x1b[31m Clerk", "Ann\nClerk", "Ann \u202eClerk", "Ann\u0085Clerk"]
)
def test_a_full_name_with_a_control_character_is_refused_naming_the_field(
    full_name: str,
) -> None:
    with pytest.raises(ValidationError, match="Full name") as refused:
        check_full_name(full_name)
    assert refused.value.field == "full_name"


def test_a_full_name_is_normalised_and_loses_zero_width_characters() -> None:
    assert check_full_name("Ann\u200d  Cle\u0301rk") == "Ann Clérk"

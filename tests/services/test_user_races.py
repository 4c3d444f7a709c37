"""Two workstations at once on the user list, on both databases: one first administrator,
never two; and two administrators disabling each other leave one active."""

from __future__ import annotations

from argon2 import PasswordHasher

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules.roles import Role
from clerkdesk.services.users import add_user, disable_user, list_users
from services.at_once import at_once

QUICK = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)


def _url(database: Database) -> str:
    return database.url.render_as_string(hide_password=False)


def test_two_first_runs_at_once_make_one_administrator(
    database: Database, clock: FixedClock
) -> None:
    outcomes = at_once(
        _url(database),
        [
            lambda db, name=name: add_user(
                db, name, Role.ADMINISTRATOR, f"{name}-password", actor=None, clock=clock,
                hasher=QUICK,
            )
            for name in ("boss", "chief")
        ],
    )  # fmt: skip
    assert outcomes.count("done") == 1, outcomes
    assert any("has users already" in o for o in outcomes)
    assert len(list_users(database)) == 1


def test_two_administrators_disabling_each_other_leave_one(
    database: Database, clock: FixedClock
) -> None:
    add_user(database, "boss", Role.ADMINISTRATOR, "boss-password", actor=None, clock=clock,
             hasher=QUICK)  # fmt: skip
    boss = staff("boss", Role.ADMINISTRATOR)
    add_user(database, "chief", Role.ADMINISTRATOR, "chief-password", actor=boss, clock=clock,
             hasher=QUICK)  # fmt: skip
    chief = staff("chief", Role.ADMINISTRATOR)
    outcomes = at_once(
        _url(database),
        [
            lambda db: disable_user(db, "chief", actor=boss),
            lambda db: disable_user(db, "boss", actor=chief),
        ],
    )
    assert outcomes.count("done") == 1, outcomes
    assert any("last active administrator" in o for o in outcomes)
    active = [u for u in list_users(database) if not u.disabled]
    assert len(active) == 1 and active[0].role is Role.ADMINISTRATOR

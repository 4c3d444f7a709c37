"""How far a new office's set-up has come, read from the database: each step's service
marks its step done, and an office that stopped comes back to the first step a sale needs."""

from __future__ import annotations

import datetime as dt

from argon2 import PasswordHasher

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.reports.seal import default_seal
from clerkdesk.rules.roles import Role
from clerkdesk.services.office_setup import (
    STEPS,
    SetupStep,
    StaffMember,
    StockReceived,
    office_setup,
)
from clerkdesk.services.seal import set_seal
from clerkdesk.services.tags import ReceiveTags, receive_tags
from clerkdesk.services.town import set_up_town
from clerkdesk.services.users import add_user, disable_user

QUICK = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
CHIEF = staff("chief", Role.ADMINISTRATOR)


def _done(database: Database) -> list[SetupStep]:
    state = office_setup(database)
    return [step for step in STEPS if state.done(step)]


def test_each_steps_service_marks_it_done_and_the_set_up_resumes_where_a_sale_needs(
    database: Database, clock: FixedClock
) -> None:
    # GIVEN an empty database: nothing done, the set-up starts at the administrator
    state = office_setup(database)
    assert _done(database) == [] and not state.can_sell
    assert state.resume_at is SetupStep.ADMINISTRATOR
    # WHEN the administrator is added, THEN the town's rules come next
    add_user(database, "chief", Role.ADMINISTRATOR, "chief-password", "Pat Chief",
             actor=None, clock=clock, hasher=QUICK)  # fmt: skip
    state = office_setup(database)
    assert state.administrator == StaffMember("chief", "Pat Chief", Role.ADMINISTRATOR)
    assert state.resume_at is SetupStep.TOWN
    # WHEN the town is set up from a preset and the seal skipped, THEN the tags come next:
    # a skipped seal cannot be told from one not yet seen, and a sale does not need it
    set_up_town(database, "westborough", actor=CHIEF, clock=clock)
    assert _done(database) == [SetupStep.ADMINISTRATOR, SetupStep.TOWN]
    assert office_setup(database).town_name == "Town of Westborough"
    assert office_setup(database).resume_at is SetupStep.TAGS
    # WHEN the first tags are received, THEN the office can sell; the staff come next
    receive_tags(database, ReceiveTags(2026, 1, 300, prefix="W-"), actor=CHIEF, clock=clock)
    state = office_setup(database)
    assert state.can_sell and state.resume_at is SetupStep.STAFF
    assert state.stock == (StockReceived(dt.date(2026, 4, 1), 1, 300, "W-"),)
    # WHEN the seal is chosen and a clerk added, THEN those steps show done too
    set_seal(database, "seal.png", default_seal(), actor=CHIEF, clock=clock)
    add_user(database, "ann", Role.CLERK, "ann-password", "Ann Clerk", actor=CHIEF,
             clock=clock, hasher=QUICK)  # fmt: skip
    state = office_setup(database)
    assert state.seal_file == "seal.png"
    assert _done(database) == [step for step in STEPS if step is not SetupStep.PRINTERS]
    assert [m.name for m in state.staff] == ["chief", "ann"]  # the administrator first


def test_a_disabled_colleague_is_not_staff(database: Database, clock: FixedClock) -> None:
    add_user(database, "chief", Role.ADMINISTRATOR, "chief-password", actor=None,
             clock=clock, hasher=QUICK)  # fmt: skip
    add_user(database, "ann", Role.CLERK, "ann-password", actor=CHIEF, clock=clock,
             hasher=QUICK)  # fmt: skip
    assert office_setup(database).done(SetupStep.STAFF)
    disable_user(database, "ann", actor=CHIEF)
    assert not office_setup(database).done(SetupStep.STAFF)


def test_only_the_administrator_the_town_and_the_tags_are_needed_to_sell() -> None:
    assert [step for step in STEPS if step.required] == [
        SetupStep.ADMINISTRATOR,
        SetupStep.TOWN,
        SetupStep.TAGS,
    ]
    assert [step.heading for step in STEPS] == [
        "The administrator",
        "The town's rules",
        "The seal",
        "The first tag stock",
        "The staff",
        "The printers",
    ]


def test_a_demo_town_that_cannot_sell_is_not_taken_back_to_the_set_up(
    database: Database, clock: FixedClock
) -> None:
    from clerkdesk.demo.fill import fill_demo

    fill_demo(database, dogs=5, seed=1, town_id="westborough", clock=clock)
    state = office_setup(database)
    assert state.demo and not state.done(SetupStep.TAGS)
    assert not state.can_sell and not state.unfinished

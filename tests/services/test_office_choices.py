"""Who may lock a remitted month is the office's choice: the clerk by default, the
treasurer or the assistant clerk if the office says so, the administrator always; the lock
reads the choice as it stands, not as it stood at sign-in."""

from __future__ import annotations

import pytest

from actors import staff
from clerkdesk.errors import ValidationError
from clerkdesk.rules.roles import Permission, Role
from clerkdesk.services import periods
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.office_choices import (
    as_office_decides,
    office_choices,
    set_office_choice,
)
from clerkdesk.services.sign_in import sign_in
from clerkdesk.services.users import add_user
from small_town import Town

ADMIN = staff("admin", Role.ADMINISTRATOR)
TREASURER = staff("tess", Role.TREASURER)
CLERK = staff("clerk", Role.CLERK)


def test_by_default_the_clerk_locks_and_the_treasurer_does_not(town: Town) -> None:
    assert office_choices(town.database)[Permission.LOCK_PERIOD] == {Role.CLERK}
    assert as_office_decides(town.database, CLERK).may(Permission.LOCK_PERIOD)
    assert not as_office_decides(town.database, TREASURER).may(Permission.LOCK_PERIOD)


def test_the_office_gives_the_lock_to_the_treasurer(town: Town) -> None:
    # GIVEN the office gives the month lock to the treasurer alone
    set_office_choice(town.database, Permission.LOCK_PERIOD, [Role.TREASURER], actor=ADMIN)

    # THEN the treasurer locks May, and the clerk, who signed in before, is refused
    lock = periods.lock_period(town.database, "2026-05", "TR-5", actor=TREASURER, clock=town.clock)
    assert lock.locked_by == "tess"
    with pytest.raises(PermissionDenied, match="clerk\\) may not lock a remitted period"):
        periods.lock_period(town.database, "2026-04", "TR-4", actor=CLERK, clock=town.clock)
    # AND the administrator always may
    periods.lock_period(town.database, "2026-04", "TR-4", actor=ADMIN, clock=town.clock)
    # AND nothing else changed for anyone
    treasurer = as_office_decides(town.database, TREASURER)
    assert not treasurer.may(Permission.VOID)
    assert as_office_decides(town.database, CLERK).may(Permission.VOID)


def test_sign_in_carries_the_office_choice(town: Town) -> None:
    add_user(town.database, "tess", Role.TREASURER, "a-long-password-9", actor=ADMIN,
             clock=town.clock)  # fmt: skip
    set_office_choice(
        town.database, Permission.LOCK_PERIOD, [Role.CLERK, Role.TREASURER], actor=ADMIN
    )
    actor = sign_in(town.database, "tess", "a-long-password-9", clock=town.clock, workstation="t")
    assert actor.may(Permission.LOCK_PERIOD)
    assert not actor.may(Permission.SELL)


def test_only_an_office_role_is_given_the_lock(town: Town) -> None:
    with pytest.raises(ValidationError, match="not the animal control officer"):
        set_office_choice(town.database, Permission.LOCK_PERIOD, [Role.ANIMAL_CONTROL], actor=ADMIN)
    with pytest.raises(PermissionDenied, match="may not change the town's rules"):
        set_office_choice(
            town.database,
            Permission.LOCK_PERIOD,
            [Role.TREASURER],
            actor=staff("amy", Role.ASSISTANT_CLERK),
        )
    assert office_choices(town.database)[Permission.LOCK_PERIOD] == {Role.CLERK}


def test_no_one_but_the_administrator(town: Town) -> None:
    set_office_choice(town.database, Permission.LOCK_PERIOD, [], actor=ADMIN)
    assert not as_office_decides(town.database, CLERK).may(Permission.LOCK_PERIOD)
    assert as_office_decides(town.database, ADMIN).may(Permission.LOCK_PERIOD)

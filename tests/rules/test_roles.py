"""Who may do what: the office's roles and their permissions."""

from __future__ import annotations

import pytest

from clerkdesk.rules.roles import ROLE_PERMISSIONS, Actor, Permission, Role, may


def test_the_administrator_may_do_everything_and_the_clerk_all_but_users_and_restore() -> None:
    assert ROLE_PERMISSIONS[Role.ADMINISTRATOR] == frozenset(Permission)
    # Restoring replaces every record in the office, and a repair moves its counters: the
    # administrator's decisions alone.
    assert ROLE_PERMISSIONS[Role.CLERK] == frozenset(Permission) - {
        Permission.MANAGE_USERS,
        Permission.RESTORE,
        Permission.REPAIR,
    }


@pytest.mark.parametrize(
    "permission",
    [Permission.VOID, Permission.LOCK_PERIOD, Permission.MANAGE_TOWN, Permission.MANAGE_USERS],
)
def test_an_assistant_clerk_sells_but_may_not_void_lock_or_change_the_rules(
    permission: Permission,
) -> None:
    assert may(Role.ASSISTANT_CLERK, Permission.SELL)
    assert may(Role.ASSISTANT_CLERK, Permission.CLOSE_OUT)
    assert not may(Role.ASSISTANT_CLERK, permission)


def test_the_treasurer_reads_reports_and_the_audit_trail_only() -> None:
    assert ROLE_PERMISSIONS[Role.TREASURER] == {Permission.READ_REPORTS, Permission.READ_AUDIT}


def test_an_actor_is_described_by_name_and_role_in_words() -> None:
    officer = Actor("pat", Role.ANIMAL_CONTROL, "desk-2")
    assert officer.described == "pat (animal control officer)"
    assert officer.may(Permission.INSPECT) and not officer.may(Permission.SELL)

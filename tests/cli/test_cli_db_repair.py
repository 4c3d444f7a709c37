"""``clerkdesk db repair [--check]``: a sale refused while the receipt counter is behind its
receipts says so in one line naming the repair; the administrator's repair mends it."""

from __future__ import annotations

import pytest
from command_user import _QUICK
from sqlalchemy import func, select, text

from actors import staff
from clerkdesk.models import AuditEntry, NumberSequence
from clerkdesk.rules.roles import Role
from clerkdesk.services.users import add_user
from cli.test_cli_tags import run
from small_town import Town
from small_town import town as town


def _url(town: Town) -> str:
    return town.database.url.render_as_string(hide_password=False)


def _counter(town: Town) -> int | None:
    with town.database.read() as session:
        return session.scalar(
            select(NumberSequence.last_value).where(
                NumberSequence.name == "receipt", NumberSequence.scope == "2025"
            )
        )


def _repairs(town: Town) -> int:
    with town.database.read() as session:
        return (
            session.scalar(
                select(func.count()).select_from(AuditEntry).where(AuditEntry.action == "repair")
            )
            or 0
        )


def test_check_reports_repair_moves_and_the_audit_trail_keeps_it(
    town: Town, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN last year's receipt 2025-000001 and its counter set back to 0
    with town.database.engine.begin() as connection:
        connection.execute(text("UPDATE number_sequence SET last_value = 0 WHERE scope = '2025'"))
    url = _url(town)

    # WHEN the administrator only checks
    status, out, err = run(capsys, "--db", url, "db", "repair", "--check")
    # THEN it says what it would move and changes nothing
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "would move receipt 2025 to 1: the receipt counter for 2025 was at 0, its records reach 1",
        "nothing was changed; run `clerkdesk db repair` to move them",
    ]
    assert (_counter(town), _repairs(town)) == (0, 0)

    # WHEN the administrator repairs
    status, out, err = run(capsys, "--db", url, "db", "repair")
    assert (status, err) == (0, "")
    assert out.startswith("moved receipt 2025 to 1: ")
    assert (_counter(town), _repairs(town)) == (1, 1)

    # THEN a second repair finds nothing to do
    status, out, _ = run(capsys, "--db", url, "db", "repair")
    assert (status, out) == (
        0,
        "every counter is at or past its records' numbers; nothing to repair\n",
    )


@pytest.mark.parametrize("check", [[], ["--check"]], ids=["repair", "check"])
def test_a_clerk_may_not_repair(
    town: Town,
    check: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with town.database.engine.begin() as connection:
        connection.execute(text("UPDATE number_sequence SET last_value = 0 WHERE scope = '2025'"))
    add_user(
        town.database, "carol", Role.CLERK, "carol-password", "Carol Clerk",
        actor=staff("tester", Role.ADMINISTRATOR), clock=town.clock, hasher=_QUICK,
    )  # fmt: skip
    monkeypatch.setenv("CLERKDESK_USER", "carol")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "carol-password")
    status, out, err = run(capsys, "--db", _url(town), "db", "repair", *check)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "repair the database's counters" in err
    assert (_counter(town), _repairs(town)) == (0, 0)

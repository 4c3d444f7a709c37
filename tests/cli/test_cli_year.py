"""``clerkdesk year open`` and ``year status``: opening twice changes nothing the second
time; hostile input is refused in one line with nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run
from sqlalchemy import select

from actors import staff
from clerkdesk.clock import SystemClock
from clerkdesk.db.database import Database
from clerkdesk.models import AuditEntry
from clerkdesk.rules import presets
from clerkdesk.rules.roles import Role
from clerkdesk.services.town import save_town_profile
from year_support import all_rows


def _work(database: Database) -> dict[str, list[tuple[object, ...]]]:
    """Every row but the sign-in's: signing in records the user's last sign-in (and the
    audit trail says so), and on a shared server which person each connection proved it
    acts for (``acting_session``) and a hash made anew (``user_secret``); the command's own
    work is everything else."""
    rows = all_rows(database, but=("app_user", "user_secret", "audit_entry", "acting_session"))
    with database.read() as session:
        rows["audit_entry"] = [
            (a.id, a.table_name, a.record_id)
            for a in session.scalars(
                select(AuditEntry)
                .where(AuditEntry.table_name != "app_user")
                .order_by(AuditEntry.id)
            )
        ]
    return rows


def _years() -> tuple[int, int, str]:
    """This license year and the next by today's date (the commands read the real clock),
    and the next one's label."""
    profile = presets.load_preset("westborough")
    current = profile.license_year_containing(SystemClock().today())
    following = profile.license_year_starting_in(current.starts_in + 1)
    return current.starts_in, following.starts_in, following.label


@pytest.fixture
def url(database: Database) -> str:
    save_town_profile(
        database,
        presets.preset_toml("westborough"),
        actor=staff("setup", Role.ADMINISTRATOR),
        clock=SystemClock(),
    )
    return database.url.render_as_string(hide_password=False)


def test_open_twice_changes_nothing_the_second_time(
    url: str, database: Database, capsys: pytest.CaptureFixture[str]
) -> None:
    _, following, label = _years()
    # WHEN the clerk opens next year, receiving its tags in the same step
    status, out, err = run(
        capsys,
        "--db",
        url,
        "year",
        "open",
        str(following),
        "--tags",
        "1-500",
        "--tags-note",
        "inv 7",
    )
    assert (status, err) == (0, "")
    assert out.startswith(f"opened license year {label} (")
    assert "500 tags on hand" in out and "received tags 1–500" in out
    before = _work(database)

    # WHEN it is run again, with or without tags
    for extra in ([], ["--tags", "501-600"]):
        status, out, err = run(capsys, "--db", url, "year", "open", str(following), *extra)
        # THEN it says when and by whom it was opened, and nothing at all was written
        assert (status, err) == (0, "")
        assert f"license year {label}" in out and "was already opened" in out
        assert "by tester; nothing changed" in out
        assert _work(database) == before


def test_status_says_what_opening_finds(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, following, label = _years()
    status, out, err = run(capsys, "--db", url, "year", "status")
    assert (status, err) == (0, "")
    assert out.startswith(f"License year {label} (")
    assert "not opened" in out
    assert "Dog, spayed/neutered" in out and "10.00" in out
    assert "Problem: No tags on hand" in out
    # The command line says how to receive them as the year opens; the screens do not.
    assert f"open it: `clerkdesk year open {following} --tags FROM-TO`." in out

    run(capsys, "--db", url, "year", "open", str(following), "--tags", "1-50")
    status, out, err = run(capsys, "--db", url, "year", "status", str(following), "--json")
    assert (status, err) == (0, "")
    shown = json.loads(out)
    assert (shown["label"], shown["opened"], shown["opened_by"], shown["tags_on_hand"]) == (
        label,
        True,
        "tester",
        50,
    )
    assert {"fee": "Dog, not spayed/neutered", "amount": "15.00"} in shown["fees"]
    assert shown["problems"] == []


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["open", "20x7"], "YYYY must be the year the license year starts in"),
        (["open", "99999"], "YYYY must be the year the license year starts in"),
        (["open", "'; DROP TABLE dog; --"], "YYYY must be the year"),
        (["open", "{next}"], "Receive tags… first. Or receive them as you open it: `clerkdesk"),
        (["open", "{next}", "--tags", "9-1"], "last tag"),
        (["open", "{next}", "--tags", "1-200000"], "at most"),
        (["open", "{next}", "--tags", "1-10", "--tags-note", "x" * 300], "The note is longer"),
        (["open", "{next}", "--tags", "1-"], "--tags must be a range of tag numbers"),
        (["open", "{next}", "--tags", "-5"], "--tags must be a range of tag numbers"),
        (["open", "{next}", "--tags", "0-10"], "tag"),
        (["open", "{next}", "--tags", "1-9999999999"], "--tags must be a range"),
        (["open", "{next}", "--tags-note", "inv"], "--tags-note goes with --tags"),
        (["open", "{far}", "--tags", "1-10"], "more than a year ahead"),
        (["open", "{past}"], "only this year"),
        (["status", "1x"], "YYYY must be"),
    ],
    ids=lambda value: " ".join(value)[:40] if isinstance(value, list) else None,
)
def test_hostile_input_is_one_line_and_writes_nothing(
    argv: list[str],
    says: str,
    url: str,
    database: Database,
    workdir: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    current, following, _ = _years()
    years = {"next": following, "far": following + 1, "past": current - 1}
    before = _work(database)
    status, out, err = run(capsys, "--db", url, "year", *(a.format(**years) for a in argv))
    assert_one_line_refusal(status, out, err)
    assert says in err
    assert _work(database) == before
    assert sorted(p.name for p in workdir.iterdir() if "sqlite" not in p.name) == []


def test_a_role_that_may_not_open_a_year_is_refused(
    url: str,
    database: Database,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from argon2 import PasswordHasher

    from clerkdesk.services.users import add_user

    add_user(
        database, "officer", Role.ANIMAL_CONTROL, "officer-password", "An Officer",
        actor=staff("tester", Role.ADMINISTRATOR), clock=SystemClock(),
        hasher=PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1),
    )  # fmt: skip
    monkeypatch.setenv("CLERKDESK_USER", "officer")
    monkeypatch.setenv("CLERKDESK_PASSWORD", "officer-password")
    _, following, _ = _years()
    before = _work(database)
    status, out, err = run(capsys, "--db", url, "year", "open", str(following), "--tags", "1-10")
    assert_one_line_refusal(status, out, err)
    assert "may not open a license year" in err
    assert _work(database) == before

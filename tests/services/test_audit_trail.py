"""Reading the audit trail: per record, per user, per period, a page at a time, newest
first; only for roles that may read it."""

from __future__ import annotations

import datetime as dt

import pytest

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.errors import ValidationError
from clerkdesk.rules.roles import ROLE_PERMISSIONS, Permission, Role
from clerkdesk.services import people
from clerkdesk.services.acting import PermissionDenied
from clerkdesk.services.audit_trail import (
    PAGE_SIZE,
    AuditPage,
    AuditQuery,
    audit_entries,
    audit_users,
    record_named,
    table_named,
)
from small_town import CLERK, Town, dog_input, owner_input

TREASURER = staff("tess", Role.TREASURER)
ANN = staff("ann", Role.ASSISTANT_CLERK, "front-desk")


def _read(town: Town, query: AuditQuery, offset: int = 0, limit: int = PAGE_SIZE) -> AuditPage:
    return audit_entries(
        town.database, query, actor=TREASURER, clock=town.clock, offset=offset, limit=limit
    )


def test_a_dogs_history_shows_each_change_newest_first_with_before_and_after(
    town: Town,
) -> None:
    # GIVEN Rex's color corrected by the assistant, then his microchip added by the clerk
    first = FixedClock(town.clock.now() + dt.timedelta(minutes=5))
    then = FixedClock(town.clock.now() + dt.timedelta(minutes=9))
    black = dog_input("Rex", "male", False, color="Black")
    people.update_dog(town.database, town.rex, black, actor=ANN, clock=first)
    chipped = dog_input("Rex", "male", False, color="Black", microchip="985112003456789")
    people.update_dog(town.database, town.rex, chipped, actor=CLERK, clock=then)
    # WHEN the treasurer reads dog Rex's history
    page = _read(town, AuditQuery("dog", str(town.rex)))
    # THEN the newest change comes first, each with who, where and the fields changed
    newest, older, added = page.rows
    assert page.total == 3
    assert (newest.user_name, newest.at, newest.action_words) == ("clerk", then.now(), "changed")
    assert [(c.field, c.before, c.after) for c in newest.changes] == [
        ("microchip", None, "985112003456789")
    ]
    assert (older.user_name, older.workstation) == ("ann", "front-desk")
    assert [(c.field, c.before, c.after) for c in older.changes] == [("color", "Tricolor", "Black")]
    assert added.action == "insert"
    assert added.record == f"dog {town.rex}"


def test_a_users_changes_and_a_period_filter_the_trail(town: Town) -> None:
    people.create_owner(town.database, owner_input("Ann", "Lee"), actor=ANN, clock=town.clock)
    by_ann = _read(town, AuditQuery(user="ann"))
    assert by_ann.total == 1
    assert by_ann.rows[0].table == "owner"
    today = town.clock.today()
    assert _read(town, AuditQuery(since=today, until=today)).total >= 1
    tomorrow = today + dt.timedelta(days=1)
    assert _read(town, AuditQuery(since=tomorrow)).total == 0
    everything = _read(town, AuditQuery()).total
    last_spring = dt.date(2025, 5, 1)
    assert _read(town, AuditQuery(until=last_spring)).total < everything


def test_the_trail_comes_a_page_at_a_time_with_the_whole_count(town: Town) -> None:
    total = _read(town, AuditQuery()).total
    assert total > 10
    first = _read(town, AuditQuery(), limit=4)
    second = _read(town, AuditQuery(), offset=4, limit=4)
    assert (len(first.rows), first.total, first.has_more) == (4, total, True)
    assert not {r.id for r in first.rows} & {r.id for r in second.rows}
    assert first.rows[-1].at >= second.rows[0].at
    last = _read(town, AuditQuery(), offset=total - 1, limit=4)
    assert (len(last.rows), last.has_more) == (1, False)
    assert set(audit_users(town.database, actor=TREASURER)) == {"clerk"}


@pytest.mark.parametrize(
    "role", [r for r, allowed in ROLE_PERMISSIONS.items() if Permission.READ_AUDIT not in allowed]
)
def test_a_role_that_may_not_read_the_trail_is_refused(town: Town, role: Role) -> None:
    with pytest.raises(PermissionDenied, match="may not read the audit trail"):
        audit_entries(town.database, AuditQuery(), actor=staff("pat", role), clock=town.clock)
    with pytest.raises(PermissionDenied):
        audit_users(town.database, actor=staff("pat", role))


@pytest.mark.parametrize("role", [Role.TREASURER, Role.CLERK, Role.ADMINISTRATOR])
def test_the_treasurer_clerk_and_administrator_read_it(town: Town, role: Role) -> None:
    page = audit_entries(town.database, AuditQuery(), actor=staff("pat", role), clock=town.clock)
    assert page.total == len(page.rows) or page.has_more


@pytest.mark.parametrize(
    ("query", "message"),
    [
        (AuditQuery(record_id="12"), "Name the kind of record"),
        (AuditQuery(table="zoo"), "not a kind of record"),
        (
            AuditQuery(since=dt.date(2026, 6, 2), until=dt.date(2026, 6, 1)),
            "ends \\(06/01/2026\\) before it begins",
        ),
    ],
)
def test_a_query_that_cannot_be_answered_says_why(
    town: Town, query: AuditQuery, message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        _read(town, query)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("dog 123", ("dog", "123")),
        ("Dog 123", ("dog", "123")),
        ("rabies certificate 7", ("rabies_certificate", "7")),
        ("rabies_certificate 7", ("rabies_certificate", "7")),
        ("user 2", ("app_user", "2")),
        ("owner", ("owner", None)),
        ("setting label_template:office", ("setting", "label_template:office")),
    ],
)
def test_a_record_is_named_as_a_person_says_it(text: str, found: tuple[str, str | None]) -> None:
    assert record_named(text) == found


def test_an_unknown_kind_of_record_names_the_choices() -> None:
    with pytest.raises(
        ValidationError, match="choose one of: census answer, complaint and hearing, designation,"
    ):
        table_named("cat")


def test_a_query_describes_itself_in_words() -> None:
    query = AuditQuery("dog", "12", "ann", dt.date(2026, 6, 1), dt.date(2026, 6, 30))
    assert query.described() == "dog 12, by ann, from 06/01/2026 to 06/30/2026"
    assert AuditQuery().described() == "every change"


def test_every_audited_table_has_words() -> None:
    from clerkdesk.db.audit_hook import AUDITED_TABLES
    from clerkdesk.services.audit_trail import TABLE_WORDS

    assert [table for table in AUDITED_TABLES if table not in TABLE_WORDS] == []

"""On a shared server the database decides who writes (revision 0019): with the counter's
login and plain SQL, nothing that matters can be changed; the program, for a person signed
in, can do that person's work and no more; and guesses at once all count."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator

import pytest
from argon2 import PasswordHasher
from sqlalchemy import text

from clerkdesk.cli.main import main
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import LEDGER_TABLES, Database
from clerkdesk.errors import GuardRefused, LedgerRefused
from clerkdesk.rules.roles import Actor, Role
from clerkdesk.services import licensing
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.proving import key_for
from clerkdesk.services.sign_in import SignInRefused, sign_in
from clerkdesk.services.users import add_user, disable_user, set_password
from clerkdesk.services.voids import void_receipt
from services.at_once import at_once
from small_town import Town, check
from small_town import town as town

pytestmark = pytest.mark.parametrize(
    "database_url", [pytest.param("postgresql", marks=pytest.mark.postgres)], indirect=True
)

QUICK = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
GUARDED = (
    "app_user",
    "license",
    "kennel_license",
    "tag_stock",
    "tag_issue",
    "tag_mark",
    "kennel_tag",
    "number_sequence",
    *LEDGER_TABLES,
    "violation",
    "violation_dog",
    "impound",
    "dog_hearing",
    "dog_order",
    "licensing_bar",
    "enforcement_payment",
)
OWNER_ONLY = ("user_secret", "acting_session", "sign_in_attempt")


@pytest.fixture
def office(town: Town, capsys: pytest.CaptureFixture[str]) -> Iterator[tuple[Town, Database]]:
    """The small town with its people, and the same database through the counter's login."""
    owner = town.database
    add_user(owner, "boss", Role.ADMINISTRATOR, "boss-password", actor=None, clock=town.clock,
             hasher=QUICK)  # fmt: skip
    boss = Actor("boss", Role.ADMINISTRATOR)
    for name, role in (("clerk", Role.CLERK), ("tess", Role.TREASURER)):
        add_user(owner, name, role, f"{name}-password", actor=boss, clock=town.clock,
                 hasher=QUICK)  # fmt: skip
    counter = _counter_login(owner, capsys)
    yield town, counter
    counter.dispose()


def _counter_login(owner: Database, capsys: pytest.CaptureFixture[str]) -> Database:
    """The database through a login given the program's grants, as every workstation has."""
    role = f"app_{uuid.uuid4().hex[:10]}"
    with owner.connect(write=True) as connection, connection.begin():
        connection.execute(text(f"CREATE ROLE {role} LOGIN"))
    assert main(["--db", owner.url.render_as_string(hide_password=False), "db",
                 "grant-app-role", role]) == 0  # fmt: skip
    capsys.readouterr()
    return Database.open(owner.url.set(username=role))


def test_the_first_administrator_is_made_through_the_counter_login(
    town: Town, capsys: pytest.CaptureFixture[str]
) -> None:
    # GIVEN a new office's database with no user yet, reached as every workstation reaches it
    counter = _counter_login(town.database, capsys)
    # WHEN its first user is added (as the first-run page does) THEN it is the administrator
    add_user(counter, "boss", Role.ADMINISTRATOR, "boss-password", actor=None,
             clock=town.clock, hasher=QUICK)  # fmt: skip
    boss = _signed(counter, "boss", town.clock)
    assert boss.role is Role.ADMINISTRATOR
    # AND no second "first" user can be made by anyone
    with pytest.raises(Exception, match="has users already"):
        add_user(counter, "eve", Role.ADMINISTRATOR, "eve-password-1", actor=None,
                 clock=town.clock, hasher=QUICK)  # fmt: skip
    with pytest.raises(GuardRefused):
        _sql(counter, "SELECT clerkdesk_set_password('eve', :h, NULL)",
             params={"h": QUICK.hash("eve-password-1")})  # fmt: skip
    counter.dispose()


def _sql(database: Database, *statements: str, params: dict[str, object] | None = None) -> None:
    with database.write() as session:
        for statement in statements:
            session.execute(text(statement), params or {})


def _signed(counter: Database, name: str, clock: FixedClock) -> Actor:
    return sign_in(counter, name, f"{name}-password", clock=clock, workstation="front",
                   hasher=QUICK)  # fmt: skip


def _key(counter: Database, name: str, password: str) -> str:
    with counter.read() as session:
        prefix, size = session.execute(
            text("SELECT prefix, digest_bytes FROM clerkdesk_salt(:n, '')"), {"n": name}
        ).one()
    return key_for(password, prefix, size)


CHANGES = (
    "INSERT INTO {t} SELECT * FROM {t} WHERE false",
    "UPDATE {t} SET {c} = {c} WHERE false",
    "DELETE FROM {t} WHERE false",
)


def test_plain_sql_with_the_counter_login_changes_nothing_that_matters(
    office: tuple[Town, Database],
) -> None:
    # GIVEN the counter's login, as every workstation holds it, and a SQL client
    _town, counter = office
    column = {"number_sequence": "name", "app_user": "name", "ledger_entry": "seq",
              "violation_dog": "dog_id"}  # fmt: skip
    for table in GUARDED:
        for change in CHANGES:
            statement = change.format(t=table, c=column.get(table, "id"))
            # WHEN it changes a guarded table (even no row) THEN the database refuses
            with pytest.raises((GuardRefused, LedgerRefused)):
                _sql(counter, statement)
    # AND the owner's own tables cannot even be read, nor a key checked uncounted
    for table in OWNER_ONLY:
        with pytest.raises(Exception, match="permission denied"), counter.read() as session:
            session.execute(text(f"SELECT * FROM {table}")).all()
    with pytest.raises(Exception, match="permission denied"), counter.read() as session:
        session.execute(text("SELECT clerkdesk_check_key('boss', 'x', false)")).all()


def test_a_person_proven_may_do_their_roles_work_and_only_in_their_own_name(
    office: tuple[Town, Database],
) -> None:
    _town, counter = office
    # GIVEN the treasurer's own key, proven to the server by hand
    tess = _key(counter, "tess", "tess-password")
    act = "SELECT clerkdesk_act('tess', :key)"
    # WHEN the treasurer adds a receipt line by plain SQL THEN the role may not
    with pytest.raises(GuardRefused, match="treasurer role may not change receipt_line"):
        _sql(counter, act, "INSERT INTO receipt_line SELECT * FROM receipt_line WHERE false",
             params={"key": tess})  # fmt: skip
    # AND an audit entry in someone else's name is refused, in their own accepted
    audit = ("INSERT INTO audit_entry (at, user_name, workstation, action, table_name, "
             "record_id) VALUES (now(), :who, 'x', 'update', 'owner', '1')")  # fmt: skip
    refused = pytest.raises(GuardRefused, match="must name the person signed in")
    with refused, counter.write() as session:
        session.execute(text(act), {"key": tess})
        session.execute(text(audit), {"who": "clerk"})
    with counter.write() as session:
        session.execute(text(act), {"key": tess})
        session.execute(text(audit), {"who": "tess"})
    # AND a wrong key proves nothing
    with pytest.raises(GuardRefused, match="changed only by ClerkDesk"):
        _sql(counter, act, "DELETE FROM app_user WHERE false", params={"key": "AAAA"})


def test_the_program_through_the_counter_login_does_each_persons_work(
    office: tuple[Town, Database],
) -> None:
    town, counter = office
    # GIVEN the clerk signed in at a counter PC
    clerk = _signed(counter, "clerk", town.clock)
    assert clerk.key and clerk.role is Role.CLERK
    # WHEN the clerk sells a license and voids it THEN both are saved
    request = CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check("7"),))
    sale = licensing.checkout(counter, request, actor=clerk, clock=town.clock)
    void_receipt(counter, sale.receipt_id, "wrong dog", actor=clerk, clock=town.clock)
    # AND the clerk changes her own password, but cannot add a user even by claiming to be
    # the administrator: the server knows her role
    set_password(counter, "clerk", "clerk-new-password", actor=clerk,
                 old_password="clerk-password", hasher=QUICK)  # fmt: skip
    posing = Actor("clerk", Role.ADMINISTRATOR, key=_key(counter, "clerk", "clerk-new-password"))
    with pytest.raises(GuardRefused, match="refused"):
        add_user(counter, "mallory", Role.ADMINISTRATOR, "mallory-password", actor=posing,
                 clock=town.clock, hasher=QUICK)  # fmt: skip
    # AND the administrator, signed in, adds one and disables the treasurer
    boss = _signed(counter, "boss", town.clock)
    add_user(counter, "amy", Role.ASSISTANT_CLERK, "amy-password", actor=boss,
             clock=town.clock, hasher=QUICK)  # fmt: skip
    disable_user(counter, "tess", actor=boss)
    assert _signed(counter, "amy", town.clock).role is Role.ASSISTANT_CLERK
    with pytest.raises(SignInRefused, match="disabled"):
        _signed(counter, "tess", town.clock)


def test_guesses_made_at_once_at_eight_workstations_all_count(
    office: tuple[Town, Database],
) -> None:
    town, counter = office
    url = counter.url.render_as_string(hide_password=False)

    def guess(database: Database) -> None:
        sign_in(database, "clerk", "not-her-password", clock=town.clock, workstation="w",
                hasher=QUICK)  # fmt: skip

    jobs: list[Callable[[Database], object]] = [guess] * 8
    outcomes = at_once(url, jobs)
    # THEN five were checked and refused, the rest told to wait; and all eight counted
    assert sorted(outcomes).count("That name and password do not match.") == 5
    assert all("do not match" in said or "try again" in said for said in outcomes)
    with town.database.read() as session:
        failures = session.execute(
            text("SELECT failed_attempts FROM sign_in_attempt WHERE name = 'clerk'")
        ).scalar_one()
    assert failures == 5
    with pytest.raises(SignInRefused, match="try again in 30 seconds"):
        _signed(counter, "clerk", town.clock)


def test_a_wrong_key_given_straight_to_the_server_counts_as_a_failed_sign_in(
    office: tuple[Town, Database],
) -> None:
    town, counter = office
    for _ in range(5):
        with counter.write() as session:
            assert session.execute(text("SELECT clerkdesk_act('clerk', 'AAAA')")).scalar() is None
    with pytest.raises(SignInRefused, match="try again"):
        _signed(counter, "clerk", town.clock)


COUNTER_ROLES = {"administrator", "clerk", "assistant_clerk"}
# Who may add a row to each guarded table at all, by plain SQL with their own key: the
# program checks each action further. Locks may be the treasurer's by the office's choice.
MAY_ADD = {
    "app_user": {"administrator"},
    **{
        t: COUNTER_ROLES
        for t in (
            "license",
            "kennel_license",
            "tag_stock",
            "tag_issue",
            "tag_mark",
            "kennel_tag",
            "receipt",
            "receipt_line",
            "tender",
            "receipt_void",
            "closeout",
        )
    },
    **{t: COUNTER_ROLES | {"treasurer"} for t in ("period_lock", "ledger_entry")},
    # The animal control officer numbers violations, impounds and hearings.
    "number_sequence": COUNTER_ROLES | {"treasurer", "animal_control"},
    "audit_entry": COUNTER_ROLES | {"treasurer", "animal_control"},
    **{
        t: {"administrator", "clerk", "animal_control"}
        for t in (
            "violation",
            "violation_dog",
            "dog_hearing",
            "dog_order",
            "licensing_bar",
        )
    },
    "impound": COUNTER_ROLES | {"animal_control"},
    "enforcement_payment": COUNTER_ROLES,
}


def test_each_role_by_plain_sql_adds_only_to_what_its_role_changes(
    office: tuple[Town, Database],
) -> None:
    town, counter = office
    boss = Actor("boss", Role.ADMINISTRATOR)
    for name, role in (("amy", Role.ASSISTANT_CLERK), ("al", Role.ANIMAL_CONTROL)):
        add_user(town.database, name, role, f"{name}-password", actor=boss,
                 clock=town.clock, hasher=QUICK)  # fmt: skip
    people = {"boss": "administrator", "clerk": "clerk", "amy": "assistant_clerk",
              "tess": "treasurer", "al": "animal_control"}  # fmt: skip
    assert set(MAY_ADD) == set(GUARDED)
    allowed: dict[tuple[str, str], bool] = {}
    for name, role in people.items():
        key = _key(counter, name, "boss-password" if name == "boss" else f"{name}-password")
        for table in GUARDED:
            try:
                _sql(counter, "SELECT clerkdesk_act(:name, :key)",
                     f"INSERT INTO {table} SELECT * FROM {table} WHERE false",
                     params={"name": name, "key": key})  # fmt: skip
                allowed[(role, table)] = True
            except GuardRefused:
                allowed[(role, table)] = False
    assert allowed == {
        (role, table): role in MAY_ADD[table] for role in people.values() for table in GUARDED
    }

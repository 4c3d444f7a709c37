"""The ledger the database enforces: its rows are never updated, deleted or truncated (the
triggers, whoever asks), the app's PostgreSQL role holds no grant to try, and a change made
past both by the database's owner is caught by ``ledger verify``."""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass
from decimal import Decimal

import pytest
from argon2 import PasswordHasher
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError

from clerkdesk.cli.main import main
from clerkdesk.db.database import LEDGER_REFUSED, LEDGER_TABLES, Database
from clerkdesk.errors import LedgerRefused
from clerkdesk.models import AuditEntry, Closeout, Receipt, ReceiptLine
from clerkdesk.rules.kinds import LedgerKind
from clerkdesk.rules.roles import Role
from clerkdesk.services import licensing, periods
from clerkdesk.services.ledger_chain import hold_chain, post_entry
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from clerkdesk.services.sign_in import sign_in
from clerkdesk.services.users import add_user
from clerkdesk.services.voids import void_receipt
from cli_reader import signed_in_as_reader
from small_town import CLERK, Town, at, check
from small_town import town as town

# The column each table is "changed" on: any column will do, the row must not change.
KEY = {table: "id" for table in LEDGER_TABLES} | {"ledger_entry": "seq"}


@dataclass(frozen=True)
class Posted:
    town: Town
    receipt_id: int
    label: str


@pytest.fixture
def posted(town: Town) -> Posted:
    """A row in every ledger table: two sales (one voided), May locked, a close-out and an
    audit entry written as their services will."""
    sale = licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check(),)),
        actor=CLERK,
        clock=town.clock,
    )
    other = licensing.checkout(
        town.database,
        CheckoutRequest(town.jane, (LicenseItem(town.bella),), (check("2"),)),
        actor=CLERK,
        clock=town.clock,
    )
    void_receipt(town.database, other.receipt_id, "wrong dog", actor=CLERK, clock=town.clock)
    periods.lock_period(town.database, "2026-05", "TR-5", actor=CLERK, clock=town.clock)
    moment = at(dt.date(2026, 5, 29), town.clock).now()
    with town.database.write() as session:
        zero = Decimal("0.00")
        seq = hold_chain(session)
        closeout = Closeout(
            business_day=dt.date(2026, 5, 29),
            closed_at=moment,
            closed_by="clerk",
            receipt_count=0,
            void_count=0,
            cash_expected=zero,
            cash_counted=zero,
            over_short=zero,
            checks_total=zero,
            money_orders_total=zero,
            cards_total=zero,
            deposit_total=zero,
        )
        session.add(closeout)
        session.flush()
        post_entry(session, LedgerKind.CLOSEOUT, closeout.id, moment, seq)
        session.add(
            AuditEntry(
                at=moment,
                user_name="clerk",
                action="update",
                table_name="owner",
                record_id="1",
                before="{}",
                after="{}",
            )
        )
    return Posted(town, sale.receipt_id, sale.receipt_label)


def _raw(database: Database, statement: str) -> None:
    with database.write() as session:
        session.execute(text(statement))


@pytest.mark.parametrize("table", LEDGER_TABLES)
def test_a_ledger_row_is_never_updated_or_deleted(posted: Posted, table: str) -> None:
    database = posted.town.database
    with database.read() as session:
        before = session.execute(text(f"SELECT * FROM {table} ORDER BY 1")).all()
    assert before, f"the fixture wrote no {table} row"
    key = KEY[table]
    for statement in (f"UPDATE {table} SET {key} = {key}", f"DELETE FROM {table}"):
        with pytest.raises(LedgerRefused, match="post a void instead") as refused:
            _raw(database, statement)
        assert str(refused.value) == LEDGER_REFUSED
    if not database.is_sqlite:
        with pytest.raises(LedgerRefused):
            _raw(database, f"TRUNCATE {table} CASCADE")
    with database.read() as session:
        assert session.execute(text(f"SELECT * FROM {table} ORDER BY 1")).all() == before


def _verify(capsys: pytest.CaptureFixture[str], database: Database) -> tuple[int, str]:
    url = database.url.render_as_string(hide_password=False)
    with signed_in_as_reader(database):  # the ledger's state is shown only after a sign-in
        status = main(["--db", url, "ledger", "verify"])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def test_a_line_changed_past_the_triggers_breaks_the_chain_at_its_receipt(
    posted: Posted, capsys: pytest.CaptureFixture[str]
) -> None:
    database = posted.town.database
    assert _verify(capsys, database)[0] == 0
    # GIVEN the owner, past the guard, adds a dollar to one line of the first receipt
    with database.read() as session:
        line = session.scalars(
            select(ReceiptLine.id).where(ReceiptLine.receipt_id == posted.receipt_id)
        ).first()
    guard_off = (
        "DROP TRIGGER receipt_line_no_update"
        if database.is_sqlite
        else "ALTER TABLE receipt_line DISABLE TRIGGER receipt_line_append_only"
    )
    with database.connect(write=True) as connection, connection.begin():
        connection.execute(text(guard_off))
        connection.execute(
            text("UPDATE receipt_line SET amount = amount + 1 WHERE id = :id"), {"id": line}
        )

    # WHEN the ledger is verified THEN it exits 1 naming that receipt and its link
    status, said = _verify(capsys, database)
    assert status == 1
    assert said.startswith(f"Ledger broken: receipt {posted.label} (ledger entry ")
    assert "its content no longer matches what was posted" in said


def test_a_receipt_deleted_past_the_triggers_is_found(
    posted: Posted, capsys: pytest.CaptureFixture[str]
) -> None:
    database = posted.town.database
    with database.connect(write=True) as connection, connection.begin():
        if database.is_sqlite:
            connection.execute(text("DROP TRIGGER ledger_entry_no_delete"))
        else:
            connection.execute(text("ALTER TABLE ledger_entry DISABLE TRIGGER USER"))
        connection.execute(text("DELETE FROM ledger_entry WHERE seq = 3"))
    status, said = _verify(capsys, database)
    assert status == 1
    assert "ledger entry 3 is missing: the chain jumps from entry 2 to entry 4" in said


# -- the app's role on PostgreSQL --------------------------------------------------------

ON_POSTGRES = pytest.mark.parametrize(
    "database_url", [pytest.param("postgresql", marks=pytest.mark.postgres)], indirect=True
)


@pytest.fixture
def app_database(posted: Posted, capsys: pytest.CaptureFixture[str]) -> Database:
    """The same database, opened as a login role given the app's grants by the owner."""
    owner = posted.town.database
    assert not owner.is_sqlite, "roles and grants are PostgreSQL's"
    role = f"app_{uuid.uuid4().hex[:10]}"
    with owner.connect(write=True) as connection, connection.begin():
        connection.execute(text(f"CREATE ROLE {role} LOGIN"))
    url = owner.url.render_as_string(hide_password=False)
    assert main(["--db", url, "db", "grant-app-role", role]) == 0
    assert "ledger tables read and add only" in capsys.readouterr().out
    app = Database.open(owner.url.set(username=role))
    return app


@ON_POSTGRES
def test_the_app_role_may_not_update_a_receipt(posted: Posted, app_database: Database) -> None:
    # WHEN the app's role updates a receipt THEN it is refused by permission (not a trigger)
    with pytest.raises(LedgerRefused) as refused:
        _raw(app_database, f"UPDATE receipt SET total = 0 WHERE id = {posted.receipt_id}")
    cause = refused.value.__cause__
    assert isinstance(cause, DBAPIError)
    assert getattr(cause.orig, "sqlstate", None) == "42501"
    with pytest.raises(LedgerRefused):
        _raw(app_database, "DELETE FROM tender")
    # AND it can still do its work for the clerk signed in: sell a license, change an
    # owner, read it all
    town = posted.town
    quick = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
    add_user(town.database, "clerk", Role.ADMINISTRATOR, "clerk-password", actor=None,
             clock=town.clock, hasher=quick)  # fmt: skip
    clerk = sign_in(app_database, "clerk", "clerk-password", clock=town.clock,
                    workstation="front", hasher=quick)  # fmt: skip
    sale = licensing.checkout(
        app_database,
        _bella_again(town),
        actor=clerk,
        clock=town.clock,
    )
    assert sale.receipt_label
    _raw(app_database, f"UPDATE owner SET phone = '508-555-0100' WHERE id = {town.jane}")
    with app_database.read() as session:
        assert session.scalar(select(Receipt.total).where(Receipt.id == sale.receipt_id))
    app_database.dispose()


def _bella_again(town: Town) -> CheckoutRequest:
    # Bella's sale was voided in the fixture, so she can be licensed again.
    return CheckoutRequest(town.jane, (LicenseItem(town.bella),), (check("3"),))


@ON_POSTGRES
def test_tables_added_later_follow_the_default_grants(
    posted: Posted, app_database: Database
) -> None:
    with posted.town.database.connect(write=True) as connection, connection.begin():
        connection.execute(text("CREATE TABLE later_notes (id integer PRIMARY KEY)"))
    _raw(app_database, "INSERT INTO later_notes (id) VALUES (1)")
    app_database.dispose()


def test_grants_are_refused_on_sqlite(
    sqlite_database: Database, capsys: pytest.CaptureFixture[str]
) -> None:
    url = sqlite_database.url.render_as_string(hide_password=False)
    assert main(["--db", url, "db", "grant-app-role", "clerkdesk_app"]) == 2
    said = capsys.readouterr().err
    assert said == "clerkdesk: SQLite has no roles: grants apply to a PostgreSQL database only.\n"


@pytest.mark.parametrize("role", ["", "x; DROP TABLE receipt", "1abc", "a" * 64, 'ro"le'])
def test_a_hostile_role_name_is_refused_in_one_line(
    sqlite_database: Database, capsys: pytest.CaptureFixture[str], role: str
) -> None:
    url = sqlite_database.url.render_as_string(hide_password=False)
    assert main(["--db", url, "db", "grant-app-role", role]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "is not a role name" in said

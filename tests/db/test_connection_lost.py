"""A shared server's connection lost in the middle of a sale: the server rolls the
transaction back, the clerk is told so in words (not "unexpected error"), and the same
sale goes through once the server is back. Tried on the suite's real server, by ending
the workstation's server process while its transaction waits halfway through."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from sqlalchemy import make_url, text
from sqlalchemy.exc import OperationalError

from clerkdesk.db.database import Database, translate_error
from clerkdesk.db.probe import connection_lost
from clerkdesk.errors import ConnectionLost, DatabaseRefused
from clerkdesk.models import Base
from clerkdesk.services import licensing, people
from clerkdesk.services.licensing import CheckoutRequest, LicenseItem
from pg_faults import cut_while_writing
from pg_server import PostgresServer
from small_town import CLERK, Town, check, owner_input
from small_town import town as town

ON_POSTGRES = pytest.mark.parametrize(
    "database_url", [pytest.param("postgresql", marks=pytest.mark.postgres)], indirect=True
)
NOTHING_SAVED = "nothing was saved. Try again once it is back."


def everything(database: Database) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, to show that nothing at all was written."""
    with database.read() as session:
        return {
            name: [tuple(row) for row in session.execute(text(f'SELECT * FROM "{name}"'))]
            for name in sorted(Base.metadata.tables)
        }


def rex_for_cash(town: Town) -> CheckoutRequest:
    return CheckoutRequest(town.jane, (LicenseItem(town.rex),), (check(),))


@ON_POSTGRES
def test_a_sale_cut_off_halfway_saves_nothing_and_goes_through_when_tried_again(
    town: Town, postgres_server: PostgresServer
) -> None:
    # GIVEN a workstation selling Rex's license on the shared server
    database = town.database
    before = everything(database)

    # WHEN its connection is ended after the receipt is written, as the license is
    with (
        cut_while_writing(postgres_server, str(database.url.database), "license") as cut,
        pytest.raises(ConnectionLost) as lost,
    ):
        licensing.checkout(database, rex_for_cash(town), actor=CLERK, clock=town.clock)

    # THEN the clerk reads what happened, and not one row of the sale was kept
    assert cut.ended, "the sale never reached the license table"
    said = str(lost.value)
    assert said.startswith("The connection to the shared database on 127.0.0.1:")
    assert said.endswith(NOTHING_SAVED) and not lost.value.maybe_saved
    assert everything(database) == before

    # AND the same sale, tried again, is sold once
    sale = licensing.checkout(database, rex_for_cash(town), actor=CLERK, clock=town.clock)
    after = everything(database)
    assert len(after["receipt"]) == len(before["receipt"]) + 1
    assert len(after["license"]) == len(before["license"]) + 1
    assert sale.receipt_label


@ON_POSTGRES
def test_a_change_cut_off_as_its_audit_rows_are_written_saves_nothing(
    town: Town, postgres_server: PostgresServer
) -> None:
    # The audit trail's rows are written last, just before the COMMIT: still nothing kept.
    database = town.database
    before = everything(database)
    with (
        cut_while_writing(postgres_server, str(database.url.database), "audit_entry"),
        pytest.raises(ConnectionLost) as lost,
    ):
        people.create_owner(database, owner_input("Ann", "Lee"), actor=CLERK, clock=town.clock)
    assert str(lost.value).endswith(NOTHING_SAVED) and not lost.value.maybe_saved
    assert everything(database) == before


@ON_POSTGRES
def test_a_connection_lost_during_the_commit_says_the_outcome_is_not_known(
    town: Town, postgres_server: PostgresServer
) -> None:
    # GIVEN a check the server makes at COMMIT (a deferred trigger writing to a table held)
    database = town.database
    with database.connect(write=True) as connection, connection.begin():
        connection.execute(text("CREATE TABLE at_commit (id serial PRIMARY KEY)"))
        connection.execute(
            text(
                "CREATE FUNCTION at_commit_write() RETURNS trigger LANGUAGE plpgsql AS "
                "$$ BEGIN INSERT INTO at_commit DEFAULT VALUES; RETURN NULL; END $$"
            )
        )
        connection.execute(
            text(
                "CREATE CONSTRAINT TRIGGER owner_at_commit AFTER INSERT ON owner "
                "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION at_commit_write()"
            )
        )

    # WHEN the connection is lost while the COMMIT is on its way
    with (
        cut_while_writing(postgres_server, str(database.url.database), "at_commit") as cut,
        pytest.raises(ConnectionLost) as lost,
    ):
        people.create_owner(database, owner_input("Ann", "Lee"), actor=CLERK, clock=town.clock)

    # THEN the clerk is not promised that nothing was saved, but told to look first
    assert cut.ended
    assert lost.value.maybe_saved
    assert "whether it was saved is not known" in str(lost.value)


@ON_POSTGRES
def test_connections_ended_while_idle_are_replaced_without_a_word(
    town: Town, postgres_server: PostgresServer
) -> None:
    # A server restarted between two sales: the pool's connections are dead, and the next
    # sale takes a fresh one (checked before use) instead of failing.
    database = town.database
    name = str(database.url.database)
    with database.read() as session:
        session.execute(text("SELECT 1"))
    with psycopg.connect(
        host="127.0.0.1", port=postgres_server.port, user=postgres_server.user, dbname=name
    ) as admin:
        ended = admin.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        ).fetchone()
    assert ended and ended[0] >= 1
    sale = licensing.checkout(database, rex_for_cash(town), actor=CLERK, clock=town.clock)
    assert sale.receipt_label


# -- the words, from the driver's own errors ---------------------------------------------
SERVER = make_url("postgresql+psycopg://clerk@db.town.local:5432/clerkdesk")


def _error(message: str, *, invalidated: bool = False) -> OperationalError:
    error = OperationalError("SELECT 1", {}, psycopg.OperationalError(message))
    error.connection_invalidated = invalidated
    return error


@pytest.mark.parametrize(
    "message",
    [
        "server closed the connection unexpectedly\n\tThis probably means the server "
        "terminated abnormally",
        "consuming input failed: server closed the connection unexpectedly",
        'connection failed: connection to server at "10.0.0.5", port 5432 failed: '
        "Connection refused\n\tIs the server running on that host?",
        "terminating connection due to administrator command",
        "the database system is shutting down",
    ],
)
def test_a_dropped_or_refused_connection_in_use_is_a_lost_connection(message: str) -> None:
    lost = translate_error(_error(message), SERVER)
    assert isinstance(lost, ConnectionLost)
    assert str(lost).startswith("The connection to the shared database on db.town.local:5432")
    assert str(lost).endswith(NOTHING_SAVED)
    assert "\n" not in str(lost)


def test_a_password_no_longer_taken_keeps_its_own_words() -> None:
    error = _error('connection failed: FATAL:  password authentication failed for user "clerk"')
    assert connection_lost(error, SERVER) is None
    assert isinstance(translate_error(error, SERVER), DatabaseRefused)


def test_sqlite_never_says_shared_database() -> None:
    url = make_url("sqlite:////tmp/office.sqlite")
    said = translate_error(_error("server closed the connection", invalidated=True), url)
    assert not isinstance(said, ConnectionLost)


def test_a_read_cut_off_says_only_to_try_again() -> None:
    lost = translate_error(
        _error("server closed the connection unexpectedly"), SERVER, reading=True
    )
    assert isinstance(lost, ConnectionLost)
    assert str(lost) == (
        "The connection to the shared database on db.town.local:5432 was lost (server closed "
        "the connection unexpectedly); try again once it is back."
    )

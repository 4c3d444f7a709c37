"""The counter role's rights on a shared server: made by ``db init``, given again by each
upgrade (so a ledger table an upgrade adds is read-and-add-only for it too), and a
password the server can check as if it had made it itself."""

from __future__ import annotations

import base64
import datetime as dt

import pytest
from argon2 import PasswordHasher
from sqlalchemy import text

from clerkdesk.clock import FixedClock
from clerkdesk.db import migrate
from clerkdesk.db.database import Database
from clerkdesk.db.grants import GrantRefused, grant_app_role
from clerkdesk.db.init import init_database
from clerkdesk.db.rights import schema_rights
from clerkdesk.db.roles import scram_verifier
from clerkdesk.errors import UpgradeNeedsOwner
from clerkdesk.rules.roles import Role
from clerkdesk.services.sign_in import sign_in
from pg_office import OfficeDatabase, new_role_name, office_database
from pg_server import PostgresServer, admin_connection

pytestmark = pytest.mark.postgres
# The revision before the ledger's own tables (ledger_entry, closeout, period_lock,
# audit_entry) were made.
BEFORE_LEDGER = "0008"


@pytest.fixture
def office(postgres_server: PostgresServer) -> OfficeDatabase:
    return office_database(postgres_server)


def _may(database: Database, role: str, table: str, privilege: str) -> bool:
    with database.connect() as connection:
        return bool(
            connection.execute(
                text("SELECT has_table_privilege(:role, :table, :privilege)"),
                {"role": role, "table": table, "privilege": privilege},
            ).scalar_one()
        )


def test_an_upgrade_gives_the_counter_role_its_rights_again(office: OfficeDatabase) -> None:
    # GIVEN a database set up with its counter role, at a revision before the ledger tables
    owner = Database.open(office.url())
    app, reports = new_role_name("app"), new_role_name("reports")
    init_database(owner, app_role=app)
    with owner.connect(write=True) as connection, connection.begin():
        # AND a role IT made to read everything, for its own reports
        connection.execute(text(f"CREATE ROLE {reports} LOGIN"))
        connection.execute(text(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {reports}"))
    migrate.downgrade(owner, BEFORE_LEDGER)

    # WHEN the owner upgrades it (the new tables get every right by default privilege)
    result = migrate.upgrade_to_head(owner, backup=False)

    # THEN the counter role's rights were given again: the new ledger tables read and add
    assert result.renewed == (app,) and result.renew_problem is None
    for table in ("ledger_entry", "closeout", "period_lock", "audit_entry"):
        assert _may(owner, app, table, "INSERT"), table
        assert not _may(owner, app, table, "UPDATE"), table
        assert not _may(owner, app, table, "DELETE"), table
    assert _may(owner, app, "owner", "UPDATE")
    # AND the reporting role was left as IT made it: it reads, and writes nothing
    assert _may(owner, reports, "owner", "SELECT")
    assert not _may(owner, reports, "owner", "INSERT")
    assert not _may(owner, reports, "receipt", "INSERT")
    owner.dispose()


def test_the_counter_role_may_change_records_but_not_the_schema(office: OfficeDatabase) -> None:
    owner = Database.open(office.url())
    app = new_role_name("app")
    init_database(owner, app_role=app)
    counter = Database.open(office.url(app))

    rights = schema_rights(counter)
    assert rights is not None and not rights.may_change
    assert (rights.user, rights.owner) == (app, office.owner)
    owners = schema_rights(owner)
    assert owners is not None and owners.may_change
    try:
        # At the head, init changes nothing, whoever runs it; a role takes the owner
        assert not init_database(counter).schema.changed
        with pytest.raises(GrantRefused, match="run this as the database's owner"):
            init_database(counter, app_role=new_role_name("app"))
        with pytest.raises(GrantRefused, match="run this as the database's owner"):
            grant_app_role(counter, new_role_name("app"))
        migrate.downgrade(owner, "0014")
        with pytest.raises(UpgradeNeedsOwner, match="needs"):
            init_database(counter)
    finally:
        counter.dispose()
        owner.dispose()


def test_a_password_verifier_is_the_one_the_server_makes(
    postgres_server: PostgresServer,
) -> None:
    # GIVEN a role whose password the server itself turned into a SCRAM verifier
    role = new_role_name("scram")
    password = "Town Hall #1, 'Elm' \\ St"
    with admin_connection("127.0.0.1", postgres_server.port, postgres_server.user) as conn:
        conn.execute("SET password_encryption = 'scram-sha-256'")
        conn.execute(f"CREATE ROLE {role} PASSWORD {_literal(password)}")
        row = conn.execute(
            "SELECT rolpassword FROM pg_authid WHERE rolname = %s", (role,)
        ).fetchone()
    assert row is not None
    stored = str(row[0])

    # WHEN ours is made with the same salt THEN it is the same, byte for byte
    salt = base64.b64decode(stored.split(":")[1].split("$")[0])
    assert scram_verifier(password, salt=salt) == stored


def _literal(password: str) -> str:
    return "E'" + password.replace("\\", "\\\\").replace("'", "''") + "'"


def test_an_upgrade_moves_the_hashes_out_of_the_counter_logins_reach(
    office: OfficeDatabase,
) -> None:
    # GIVEN a shared database at revision 0018 with its counter login and a user
    owner = Database.open(office.url())
    app = new_role_name("app")
    init_database(owner, app_role=app)
    migrate.downgrade(owner, "0018")
    quick = PasswordHasher(time_cost=1, memory_cost=8 * 1024, parallelism=1)
    with owner.connect(write=True) as connection, connection.begin():
        connection.execute(
            text(
                "INSERT INTO app_user (name, full_name, role, password_hash, disabled, "
                "failed_attempts, created_at, created_by) VALUES ('ann', '', 'clerk', :h, "
                "false, 0, now(), 'ann')"
            ),
            {"h": quick.hash("ann-password")},
        )
    # WHEN the owner upgrades it
    migrate.upgrade_to_head(owner, backup=False)
    # THEN the counter's login reads no hash, in app_user or anywhere
    counter = Database.open(office.url(app))
    with counter.read() as session:
        assert session.execute(text("SELECT password_hash FROM app_user")).scalar_one() == "!"
    assert not _may(owner, app, "user_secret", "SELECT")
    # AND ann signs in through it with the password she had
    clock = FixedClock(dt.datetime(2026, 6, 1, 9, tzinfo=dt.UTC))
    ann = sign_in(counter, "ann", "ann-password", clock=clock, workstation="w", hasher=quick)
    assert ann.key and ann.role is Role.CLERK
    counter.dispose()
    owner.dispose()

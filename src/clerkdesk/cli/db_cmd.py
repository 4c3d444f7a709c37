"""``clerkdesk db init|upgrade|current|head|grant-app-role``: the schema of the database in
use and the program's role on it."""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from clerkdesk.cli import db_repair_cmd
from clerkdesk.cli.context import CliContext, fail, out

if TYPE_CHECKING:
    from clerkdesk.db.grants import Granted
    from clerkdesk.db.migrate import UpgradeResult


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "db",
        help="set up or upgrade the database, or show its schema revision",
        description="Manage the database's schema.",
    )
    actions = parser.add_subparsers(dest="db_action", metavar="ACTION", required=True)
    init = actions.add_parser(
        "init",
        help="make a new database ready: its schema, and on PostgreSQL the counter's role",
        description="Create the schema in a new database (a SQLite file is made), or bring an "
        "older one to the newest revision (backed up first, as `db upgrade` does). On "
        "PostgreSQL, run it as the role that owns the database; with --app-role it also "
        "creates the counter's login role, an ordinary login with no other powers (an existing "
        "role must be one), and grants it what `db grant-app-role` grants. Running it "
        "again on a ready database changes nothing but giving those rights again. See "
        "docs/shared-database.md.",
    )
    init.add_argument(
        "--app-role",
        metavar="ROLE",
        help="the PostgreSQL login role the workstations connect as (e.g. clerkdesk_app)",
    )
    init.add_argument(
        "--app-password-env",
        metavar="VAR",
        help="set the app role's password from the environment variable VAR (never typed on "
        "the command line, where other users of the computer could read it)",
    )
    init.add_argument(
        "--no-backup",
        action="store_true",
        help="upgrade an older database without backing it up first",
    )
    init.set_defaults(handler=_init)
    upgrade = actions.add_parser(
        "upgrade",
        help="bring the database to the newest schema (backed up first)",
        description="Create the schema in a new database, or upgrade an older one to the newest "
        "revision. Before it is changed, a SQLite file is copied to backups/ beside it and a "
        "PostgreSQL database is dumped with pg_dump to this PC's backups folder (pg_dump is "
        "looked for on PATH and where PostgreSQL installs it, or named by CLERKDESK_PG_DUMP).",
    )
    upgrade.add_argument(
        "--no-backup",
        action="store_true",
        help="upgrade without backing up first: only when you hold a backup of your own",
    )
    upgrade.set_defaults(handler=_upgrade)
    current = actions.add_parser(
        "current",
        help="print the database's schema revision ('none' if it has no schema)",
        description="Print the schema revision the database is at, without changing it.",
    )
    current.set_defaults(handler=_current)
    heads = actions.add_parser(
        "head",
        help="print the newest revision this version of ClerkDesk knows",
        description="Print the newest schema revision this version of ClerkDesk knows.",
    )
    heads.set_defaults(handler=_head)
    grant = actions.add_parser(
        "grant-app-role",
        help="give the program's PostgreSQL role its rights (run as the database owner)",
        description="Grant ROLE what the program needs on a PostgreSQL database: USAGE on the "
        "schema; SELECT, INSERT, UPDATE and DELETE on ordinary tables; only SELECT and INSERT "
        "on the ledger's tables (receipt, receipt_line, tender, receipt_void, ledger_entry, "
        "closeout, period_lock, audit_entry); USAGE and SELECT on sequences; and default "
        "privileges so tables a later upgrade adds follow. Run it as the database's owner; "
        "`db upgrade` gives every such role its rights again after an upgrade, and "
        "`db init --app-role ROLE` also creates the role. Refused on SQLite, which has no "
        "roles.",
    )
    grant.add_argument("role", metavar="ROLE", help="the login role the counter connects as")
    grant.set_defaults(handler=_grant)
    db_repair_cmd.register(actions)


def _upgrade(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.db.migrate import upgrade_to_head

    result = upgrade_to_head(ctx.database(upgrade=False), backup=not args.no_backup)
    if not result.changed:
        out(f"already at {result.to_revision}")
    else:
        _say_upgraded(result)
    return 0


def _say_upgraded(result: UpgradeResult) -> None:
    out(f"upgraded from {result.from_revision or 'an empty database'} to {result.to_revision}")
    if result.backup is not None:
        out(f"backup: {result.backup}")
    if result.renewed:
        out(f"rights given again to {', '.join(result.renewed)}")
    if result.renew_problem:
        out(f"the counter roles' rights were not given again: {result.renew_problem}")


def _init(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.db.grants import check_role_name
    from clerkdesk.db.init import init_database
    from clerkdesk.db.migrate import where_is

    if args.app_password_env is not None and args.app_role is None:
        fail("--app-password-env sets the password of the role --app-role names: name it too")
    if args.app_role is not None:
        check_role_name(args.app_role)
        if ctx.database_url.lower().startswith("sqlite"):
            # Said before the file (or its folder) is made.
            fail("SQLite has no roles: --app-role is for a PostgreSQL database only.")
    password = None
    if args.app_password_env is not None:
        password = os.environ.get(args.app_password_env, "")
        if not password:
            fail(
                f"the environment variable {args.app_password_env} is not set or is empty: "
                "put the app role's password in it first. Nothing was changed."
            )
    database = ctx.database(upgrade=False)
    result = init_database(
        database, app_role=args.app_role, app_password=password, backup=not args.no_backup
    )
    schema = result.schema
    if result.created:
        out(f"created the schema at {schema.to_revision} in {where_is(database)}")
    elif not schema.changed:
        out(f"already at {schema.to_revision}: the schema is there, nothing to create")
    else:
        _say_upgraded(schema)
    if result.role is not None:
        role = result.role
        if role.created:
            said = f"created role {role.role} (an ordinary login, no other powers)"
        else:
            said = f"role {role.role} is there" + (" (may log in now)" * role.login_given)
        out(said + ("; its password was set" if role.password_set else ""))
        if role.created and not role.password_set:
            out(
                f"{role.role} has no password yet: run this again with --app-password-env "
                "VAR, unless the server admits it another way (a certificate)"
            )
    if result.granted is not None:
        _say_granted(result.granted)
    return 0


def _current(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.db.migrate import checked_revision
    from clerkdesk.errors import DatabaseMissing

    try:
        # Looking must not make a file where there was none.
        database = ctx.database(upgrade=False, create=False)
    except DatabaseMissing:
        out("none")
        return 0
    out(checked_revision(database) or "none")
    return 0


def _head(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.db.migrate import head_revision

    out(head_revision())
    return 0


def _grant(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.db.grants import check_role_name, grant_app_role

    check_role_name(args.role)
    _say_granted(grant_app_role(ctx.database(), args.role))
    return 0


def _say_granted(granted: Granted) -> None:
    out(
        f"granted {granted.role} on schema {granted.schema}: {len(granted.full)} tables "
        f"read-write, {len(granted.append_only)} ledger tables read and add only"
    )
    if granted.may_create:
        out(
            f"note: {granted.role} may still create tables in schema {granted.schema} "
            "(PostgreSQL before 15 lets every role): as the owner, run "
            f"REVOKE CREATE ON SCHEMA {granted.schema} FROM PUBLIC"
        )

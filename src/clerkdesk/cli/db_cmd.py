"""``clerkdesk db upgrade|current|head|grant-app-role``: the schema of the database in use
and the program's role on it."""

from __future__ import annotations

import argparse

from clerkdesk.cli.context import CliContext, out


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "db",
        help="upgrade the database or show its schema revision",
        description="Manage the database's schema.",
    )
    actions = parser.add_subparsers(dest="db_action", metavar="ACTION", required=True)
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
        "privileges so tables a later upgrade adds follow. Run it as the database's owner, "
        "after each upgrade that adds a ledger table. Refused on SQLite, which has no roles.",
    )
    grant.add_argument("role", metavar="ROLE", help="the login role the counter connects as")
    grant.set_defaults(handler=_grant)


def _upgrade(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.db.migrate import upgrade_to_head

    result = upgrade_to_head(ctx.database(upgrade=False), backup=not args.no_backup)
    if not result.changed:
        out(f"already at {result.to_revision}")
    else:
        out(f"upgraded from {result.from_revision or 'an empty database'} to {result.to_revision}")
        if result.backup is not None:
            out(f"backup: {result.backup}")
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
    granted = grant_app_role(ctx.database(), args.role)
    out(
        f"granted {granted.role} on schema {granted.schema}: {len(granted.full)} tables "
        f"read-write, {len(granted.append_only)} ledger tables read and add only"
    )
    return 0

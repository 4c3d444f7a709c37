"""``clerkdesk audit``: the audit trail, for one record, one user or a period."""

from __future__ import annotations

import argparse
import datetime as dt
import json
from typing import TYPE_CHECKING

from clerkdesk.cli.context import CliContext, err, fail, out
from clerkdesk.rules.counts import counted
from clerkdesk.rules.town_time import town_moment

if TYPE_CHECKING:
    from clerkdesk.services.audit_trail import AuditRow

EPILOG = """\
Output, newest first, one line per change, tab-separated:
  AT  USER  WORKSTATION  ACTION  RECORD  CHANGES
AT is the local date and time (YYYY-MM-DD HH:MM:SS); ACTION is added, changed or removed;
RECORD names the record ("dog 123"); CHANGES lists each field as field: before -> after
(a field an addition sets shows only its value). Large columns show their size, never
their content, and a password never shows.

--table takes a kind of record (owner, dog, designation, rabies certificate, license,
tag issued, tag stock, tag mark, town rules version, setting, user, stored file,
reprint) or its table name; --record an id of that kind. --from and --to are days
(YYYY-MM-DD), both included. A last line on standard error says how many matched.
--json prints {"query", "total", "entries"}.
"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "audit",
        help="who changed which record, when, where, before and after",
        description="Read the audit trail: every change to owners, dogs, certificates, "
        "licenses, tags, the town's rules, users and settings.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--table", metavar="T", help="only this kind of record")
    parser.add_argument("--record", metavar="ID", help="only the record with this id")
    # Not --user: that global option names who a command acts for.
    parser.add_argument(
        "--by", dest="by_user", metavar="NAME", help="only changes made by this user"
    )
    parser.add_argument("--from", dest="since", metavar="D", help="from this day (YYYY-MM-DD)")
    parser.add_argument("--to", dest="until", metavar="D", help="up to this day (YYYY-MM-DD)")
    parser.add_argument(
        "--limit", default="50", metavar="N", help="show at most N changes (default 50)"
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(handler=handle)


def _day(text: str | None, option: str) -> dt.date | None:
    if text is None:
        return None
    try:
        if len(text) == 10:
            return dt.date.fromisoformat(text)
    except ValueError:
        pass
    fail(f"{option} takes a date written YYYY-MM-DD, not {text[:40]!r}")


def _limit(text: str) -> int:
    from clerkdesk.services.audit_trail import MAX_PAGE

    try:
        value = int(text)
    except ValueError:
        fail(f"--limit must be a whole number from 1 to {MAX_PAGE:,}, not {text[:40]!r}")
    if not 1 <= value <= MAX_PAGE:
        fail(f"--limit must be from 1 to {MAX_PAGE:,}, not {value:,}")
    return value


def _shown(value: object) -> str:
    return "(none)" if value is None else str(value)


def _line(row: AuditRow) -> str:
    if row.action == "insert":
        changes = [f"{c.field}: {_shown(c.after)}" for c in row.changes]
    elif row.action == "delete":
        changes = [f"{c.field}: {_shown(c.before)}" for c in row.changes]
    else:
        changes = [f"{c.field}: {_shown(c.before)} -> {_shown(c.after)}" for c in row.changes]
    at = town_moment(row.at).strftime("%Y-%m-%d %H:%M:%S")
    text = "; ".join(changes).replace("\t", " ").replace("\n", " ")
    return "\t".join((at, row.user_name, row.workstation, row.action_words, row.record, text))


def handle(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.audit_trail import AuditQuery, audit_entries, table_named

    if args.record is not None and args.table is None:
        fail("--record needs --table: the kind of record the id belongs to")
    query = AuditQuery(
        table=table_named(args.table) if args.table is not None else None,
        record_id=args.record,
        user=args.by_user,
        since=_day(args.since, "--from"),
        until=_day(args.until, "--to"),
    )
    limit = _limit(args.limit)
    page = audit_entries(ctx.database(), query, actor=ctx.actor(), clock=ctx.clock, limit=limit)
    if args.json:
        payload = {
            "query": query.described(),
            "total": page.total,
            "entries": [row.as_json() for row in page.rows],
        }
        out(json.dumps(payload, ensure_ascii=False, indent=2))
        return 0
    for row in page.rows:
        out(_line(row))
    shown = f"the newest {len(page.rows):,} of " if page.has_more else ""
    err(f"clerkdesk: {shown}{counted(page.total, 'change')} ({query.described()})")
    return 0

"""``clerkdesk export all|public|verify``."""

from __future__ import annotations

import argparse
from pathlib import Path

from clerkdesk.cli.context import CliContext, err, fail, out
from clerkdesk.errors import ValidationError

EPILOG = """\
export all writes every table of the office's records as a CSV file in one zip, with
manifest.json (the town, the schema revision, when and by whom, and each file's table,
rows, SHA-256 and columns); --xlsx writes the same tables as one workbook, a sheet each.
Password hashes never leave the database. Money is exact decimal text, days and moments
ISO 8601; text that a spreadsheet would run as a formula carries a leading apostrophe.

export public writes the dog register (each license in force) with only the fields the
office releases (set in the app: File > Export records), or those --fields names for this
export alone, as CSV or XLSX by the file's suffix. Fields: license_year, license_number,
tag_number, dog_name, breed, color, sex, altered, microchip, owner_name, street, city,
postal_code, phone, email, notes.

export verify reads a zip again: every file there, its rows counted, its SHA-256 as the
manifest says. Exit status 0 when it matches, 1 when it does not (each problem on a line).

all and public need a signed-in user whose role may export records ($CLERKDESK_USER and
$CLERKDESK_PASSWORD). A file is written whole or not at all; each export is audited.
"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "export",
        help="export every record (CSV in a zip, XLSX) or the public dog register",
        description="Take the office's records out: for an auditor or the next system, or "
        "for a public-records request.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = parser.add_subparsers(dest="export_action", metavar="ACTION", required=True)
    every = actions.add_parser(
        "all", help="every table as CSV in one zip with a manifest (and one XLSX)"
    )
    every.add_argument("--out", required=True, metavar="FILE", help="the .zip file to write")
    every.add_argument("--xlsx", metavar="FILE", help="also write the tables as this .xlsx")
    every.set_defaults(handler=handle_all)
    public = actions.add_parser(
        "public", help="the dog register with the fields the office releases (CSV or XLSX)"
    )
    public.add_argument("--out", required=True, metavar="FILE", help="the .csv or .xlsx file")
    public.add_argument(
        "--fields",
        metavar="F,F",
        help="release these fields this once, comma-separated (default: the office's choice)",
    )
    public.set_defaults(handler=handle_public)
    verify = actions.add_parser("verify", help="check an export's zip against its manifest")
    verify.add_argument("file", metavar="FILE", help="the export's .zip file")
    verify.set_defaults(handler=handle_verify)


def _target(text: str, suffixes: tuple[str, ...], option: str) -> Path:
    from clerkdesk.services.exports.targets import target

    if not text.strip():
        fail(f"{option} needs a file name")
    try:
        return target(Path(text), suffixes, option)
    except ValidationError as exc:
        fail(str(exc))


def _fields(text: str | None) -> tuple[str, ...] | None:
    from clerkdesk.services.exports.public_fields import in_order

    if text is None:
        return None
    try:
        return in_order(text.split(","))
    except ValidationError as exc:
        fail(f"--fields: {exc}")


def handle_all(args: argparse.Namespace, ctx: CliContext) -> int:
    zip_path = _target(args.out, (".zip",), "--out")
    xlsx = _target(args.xlsx, (".xlsx",), "--xlsx") if args.xlsx is not None else None
    if xlsx is not None and xlsx.resolve() == zip_path.resolve():
        fail("--out and --xlsx must be different files")
    # The database and the user first: a refusal there needs none of the writers.
    database, actor = ctx.database(), ctx.actor()
    from clerkdesk.services.exports.full_export import export_all

    done = export_all(database, zip_path, xlsx=xlsx, actor=actor, clock=ctx.clock)
    tables = len(done.manifest.tables)
    also = f" and {done.xlsx_path}" if done.xlsx_path is not None else ""
    out(f"wrote {done.rows:,} rows of {tables} tables to {done.zip_path}{also}")
    return 0


def handle_public(args: argparse.Namespace, ctx: CliContext) -> int:
    path = _target(args.out, (".csv", ".xlsx"), "--out")
    fields = _fields(args.fields)
    database, actor = ctx.database(), ctx.actor()
    from clerkdesk.services.exports.public_export import export_public

    done = export_public(database, path, fields=fields, actor=actor, clock=ctx.clock)
    out(f"wrote {done.rows:,} licenses ({', '.join(done.fields)}) to {done.path}")
    return 0


def handle_verify(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.exports.manifest import verify_export

    if not args.file.strip():
        fail("export verify needs the export's .zip file")
    found = verify_export(Path(args.file).expanduser())
    manifest = found.manifest
    rows = sum(manifest.counts.values())
    if found.ok:
        out(
            f"{args.file}: {len(manifest.tables)} tables, {rows:,} rows and "
            f"{len(manifest.attachments):,} files match the manifest "
            f"({manifest.town or 'no town'}, schema {manifest.schema_revision}, "
            f"exported {manifest.exported_at} by {manifest.exported_by})"
        )
        return 0
    for problem in found.problems:
        out(problem)
    err(f"clerkdesk: {args.file} does not match its manifest ({len(found.problems)} problems)")
    return 1

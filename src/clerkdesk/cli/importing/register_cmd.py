"""``clerkdesk import register FILE``: the office's old register, dry run first."""

from __future__ import annotations

import argparse
import signal
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from clerkdesk.cli.context import CliContext, err, fail, out
from clerkdesk.errors import ValidationError

if TYPE_CHECKING:
    from collections.abc import Mapping

    from clerkdesk.db.database import Database
    from clerkdesk.rules.roles import Actor
    from clerkdesk.services.importing.register import ImportResult, RegisterReport
    from clerkdesk.services.importing.register_mapping import RegisterSource, SourceSheets

EPILOG = """\
The file is a CSV (UTF-8 or Windows-1252, any common delimiter) or an XLSX workbook: one row
per dog with its owner, or (with --owners-sheet) a dogs sheet and an owners sheet joined by
an owner number. Columns are guessed from the header row; the mapping confirmed by the last
import of a file with the same header row is used again; --map FIELD=Header sets one (as many
as needed). Fields: owner_ref, owner_name, owner_first, owner_last, street, unit, city, state,
postal_code, phone, phone_alt, email, dog_name, breed, color, sex, altered, birth_date,
microchip, license_year, license_number, tag, amount, license_date, rabies_date,
rabies_expires, rabies_years, rabies_tag, veterinarian, clinic, kennel, kennel_class,
kennel_max.

--dry-run writes nothing: it says what every row would do (take a new dog, merge with one on
file, or refuse and why); --report OUT.csv writes that list (row, action, what, why) to open
beside the source and fix it. Without --dry-run the rows are imported, 1,000 to a
transaction, and the mapping is saved for the next file of this shape; Ctrl+C stops after the
batch being written. Licenses come in as history brought in, never as money received.
Importing the same file again changes nothing. Needs a signed-in user who may import records
($CLERKDESK_USER and $CLERKDESK_PASSWORD).
"""

REFUSALS_SHOWN = 20


def add(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser(
        "register",
        help="the office's old register of owners, dogs, licenses, rabies and kennels",
        description="Import the register the office kept before ClerkDesk (CSV or XLSX).",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="the .csv or .xlsx file")
    parser.add_argument("--sheet", metavar="NAME", help="the workbook's dogs sheet")
    parser.add_argument(
        "--owners-sheet", metavar="NAME", help="the workbook's owners sheet, when apart"
    )
    parser.add_argument(
        "--map",
        action="append",
        default=[],
        metavar="FIELD=HEADER",
        help="the column holding FIELD (repeat for several)",
    )
    parser.add_argument("--dry-run", action="store_true", help="report every row; write nothing")
    parser.add_argument("--report", metavar="OUT.csv", help="write the rows' report as CSV")
    parser.set_defaults(handler=handle)


def _print_report(report: RegisterReport) -> None:
    out(report.summary())
    refused = report.refused
    for row in refused[:REFUSALS_SHOWN]:
        out(f"  row {row.row}: {row.why}")
    if len(refused) > REFUSALS_SHOWN:
        out(f"  … and {len(refused) - REFUSALS_SHOWN:,} more refused (see --report)")


def handle(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.importing import register, register_mapping

    database = ctx.database()  # a bad database is refused before the file is read
    report_path = Path(args.report) if args.report else None
    if report_path is not None and (report_path.is_dir() or not report_path.parent.is_dir()):
        fail(f"--report {args.report}: no such folder to write it in")
    try:
        source = register_mapping.RegisterSource(
            Path(args.file), sheet=args.sheet, owners_sheet=args.owners_sheet
        )
        sheets = register_mapping.open_source(source)
        shown = register_mapping.preview(database, source, sheets)
        mapping = {**shown.mapping, **register_mapping.parse_map_options(args.map)}
        if args.dry_run:
            report = register.dry_run(database, source, mapping, clock=ctx.clock, sheets=sheets)
            _print_report(report)
        else:
            actor = ctx.actor()
            register_mapping.save_mapping(
                database, source, mapping, actor=actor, clock=ctx.clock, sheets=sheets
            )
            result = _run_stoppable(database, source, sheets, mapping, actor, ctx)
            report = result.report
            _print_report(report)
            out(result.summary())
        if report_path is not None:
            register.write_report(report, report_path)
            out(f"report: {report_path}")
    except ValidationError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{exc.filename or args.file}: {exc.strerror or exc}")
    return 0


def _run_stoppable(
    database: Database,
    source: RegisterSource,
    sheets: SourceSheets,
    mapping: Mapping[str, str],
    actor: Actor,
    ctx: CliContext,
) -> ImportResult:
    """The import, stopped after its current batch by Ctrl+C (SIGINT) rather than midway."""
    from clerkdesk.services.importing import register

    asked = False

    def stop(_signum: int, _frame: FrameType | None) -> None:
        nonlocal asked
        asked = True
        err("stopping after the batch being written…")

    def step(done: int, total: int, _words: str) -> None:
        err(f"{done:,} of {total:,} rows")

    try:
        previous = signal.signal(signal.SIGINT, stop)
    except ValueError:  # not the main thread: no Ctrl+C to catch
        previous = None
    try:
        return register.run(
            database,
            source,
            mapping,
            actor=actor,
            clock=ctx.clock,
            progress=step,
            cancelled=lambda: asked,
            sheets=sheets,
        )
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)

"""``clerkdesk kennel inspections KENNEL_ID --pdf FILE``: one kennel's inspection record for
the animal control officer (every inspection, its conditions and when the next is due),
printed as of today by the signed-in person."""

from __future__ import annotations

import argparse

from clerkdesk.cli.context import CliContext, out
from clerkdesk.cli.files import write_all
from clerkdesk.cli.kennel_args import record_id
from clerkdesk.cli.report_kennels_cmd import file_target


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = actions.add_parser(
        "inspections",
        help="print a kennel's inspection record for the animal control officer",
        description="Write KENNEL_ID's inspections (date, inspector, result, conditions, "
        "next due) as a PDF.",
    )
    parser.add_argument("kennel_id", metavar="KENNEL_ID", help="the kennel's number")
    parser.add_argument("--pdf", required=True, metavar="FILE", help="the PDF file to write")
    parser.set_defaults(handler=handle_inspections)


def handle_inspections(args: argparse.Namespace, ctx: CliContext) -> int:
    kennel_id = record_id("KENNEL_ID", args.kennel_id)
    target = file_target("pdf", args.pdf, ".pdf")
    database = ctx.database()
    from clerkdesk.reports.kennel_inspections_pdf import render_kennel_inspections_pdf
    from clerkdesk.rules.counts import counted
    from clerkdesk.services.kennel_inspection_record import kennel_inspection_record

    record = kennel_inspection_record(database, kennel_id, on=ctx.clock.today(), actor=ctx.actor())
    write_all([(target, render_kennel_inspections_pdf(record))])
    out(
        f"wrote the inspection record of {record.kennel_name}: "
        f"{counted(len(record.entries), 'inspection')} to {target}"
    )
    return 0

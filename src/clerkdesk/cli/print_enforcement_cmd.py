"""``clerkdesk print violation-notice|hearing-notice|hearing-order|impound-release REF``: an
enforcement record's paper as a PDF file.

Without ``--reprint`` the paper is written as issued (the ticket handed over or mailed, the
notice and the order sent, the release receipt given at the counter). A copy made again for
someone who lost theirs is a reprint: ``--reprint`` marks it REPRINT with the moment and the
user and records it (who, when, this computer, ``--reason``) in the same transaction the file
is written in, as ``print receipt`` does. The file is written beside its name and renamed
into place, so a failed run leaves neither half a document nor a record.
"""

from __future__ import annotations

import argparse
import platform

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.files import write_whole
from clerkdesk.cli.print_documents_cmd import REASON_LENGTH_TEXT, target

EPILOG = """\
The paper is written as issued; give --reprint for a copy made again (a resident lost
theirs, the court asks for one): it is marked "REPRINT — printed <date and time> by <user>"
and the reprint is recorded with --reason. Examples:

  clerkdesk print violation-notice V2026-0001 --pdf ticket.pdf
  clerkdesk print hearing-order H2026-0003 --pdf order.pdf --reprint --reason "for the court"
"""
# command: (kind, what it is, an example reference)
PAPERS = {
    "violation-notice": ("violation_notice", "a violation notice (the ticket)", "V2026-0001"),
    "hearing-notice": ("hearing_notice", "the notice of a complaint's hearing", "H2026-0001"),
    "hearing-order": ("hearing_order", "the order of the hearing authority", "H2026-0001"),
    "impound-release": ("impound_release", "an impound release receipt", "I2026-0001"),
}


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds the four enforcement papers under ``print``."""
    for name, (kind, words, example) in PAPERS.items():
        parser = actions.add_parser(
            name,
            help=f"{words} as a PDF",
            description=f"Write {words} of the record REF (e.g. {example}) to a PDF file.",
            epilog=EPILOG,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        parser.add_argument("ref", metavar="REF", help=f"e.g. {example}")
        parser.add_argument("--pdf", required=True, metavar="FILE", help="the PDF file to write")
        parser.add_argument(
            "--reprint", action="store_true", help="a copy made again: marked and recorded"
        )
        parser.add_argument(
            "--reason",
            metavar="TEXT",
            help=f"why it is reprinted (at most {REASON_LENGTH_TEXT} characters; only with "
            "--reprint)",
        )
        parser.set_defaults(handler=handle_paper, paper_kind=kind)


def handle_paper(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.models import PrintedKind
    from clerkdesk.services.enforcement import papers

    if args.reason is not None and not args.reprint:
        fail("--reason goes with --reprint")
    kind = PrintedKind(args.paper_kind)
    path = target(args.pdf)  # a bad file name is refused before the database is opened
    database = ctx.database()
    record_id = papers.find_paper(database, kind, args.ref)
    if not args.reprint:
        made = papers.paper(database, kind, record_id, today=ctx.clock.today())
        write_whole(path, made.pdf)
        out(f"wrote {made.title} to {path}")
        return 0
    done = papers.reprint_paper(
        database,
        kind,
        record_id,
        actor=ctx.actor(),
        clock=ctx.clock,
        workstation=platform.node() or None,
        reason=args.reason,
        deliver=lambda data: write_whole(path, data),
    )
    out(f"wrote {done.title} marked REPRINT (reprint no. {done.reprints}) to {path}")
    return 0

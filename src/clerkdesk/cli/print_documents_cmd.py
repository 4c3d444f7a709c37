"""``clerkdesk print certificate`` and ``clerkdesk print receipt``.

The PDF is written to a temporary file beside the one asked for, then renamed over it, so
a failed run never leaves half a document. The original was handed over at the counter, so
every copy printed here is a second one: it needs ``--reprint``, which marks it REPRINT with
the moment and the user and records the reprint in the same transaction that the file is
written in (no file, no record). Without ``--reprint`` nothing is written: an unmarked
second original would be a license or a receipt the office cannot account for.
"""

from __future__ import annotations

import argparse
import platform
from pathlib import Path

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.files import checked_target, quoted, write_whole

EPILOG = """\
The original was handed over when the license was sold, so a copy printed here needs
--reprint: it is marked "REPRINT — printed <date and time> by <user>" and the reprint is
recorded (who, when, this computer's name, the document and --reason), so the document's
history counts it. Without --reprint nothing is written.
"""
REASON_LENGTH_TEXT = "200"


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds ``certificate`` and ``receipt`` under ``print``."""
    certificate = actions.add_parser(
        "certificate",
        help="a dog license certificate as a PDF",
        description="Write the license certificate numbered LICENSE_NUMBER to a PDF file.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    certificate.add_argument("license_number", metavar="LICENSE_NUMBER", help="e.g. 123")
    certificate.add_argument(
        "--year",
        metavar="YYYY",
        help="the calendar year the license year starts in (default: the license year "
        "in force today)",
    )
    _common(certificate)
    certificate.set_defaults(handler=handle_certificate)
    receipt = actions.add_parser(
        "receipt",
        help="a receipt as a PDF",
        description="Write the receipt numbered RECEIPT_NUMBER (as printed, e.g. 2026-000012) "
        "to a PDF file.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    receipt.add_argument("receipt_number", metavar="RECEIPT_NUMBER", help="e.g. 2026-000012")
    _common(receipt)
    receipt.set_defaults(handler=handle_receipt)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pdf", required=True, metavar="FILE", help="the PDF file to write")
    parser.add_argument(
        "--reprint", action="store_true", help="mark the document REPRINT and record it"
    )
    parser.add_argument(
        "--reason",
        metavar="TEXT",
        help=f"why it is reprinted, kept with the record (at most {REASON_LENGTH_TEXT} "
        "characters; only with --reprint)",
    )


def _year(text: str | None) -> int | None:
    if text is None:
        return None
    cleaned = text.strip()
    if len(cleaned) != 4 or not (cleaned.isascii() and cleaned.isdigit()):
        fail(f"--year must be a year written YYYY, not {quoted(text)}")
    return int(cleaned)


def target(text: str) -> Path:
    """Where the PDF goes: a ``.pdf`` file name in a folder that exists."""
    if not text.strip():
        fail("--pdf needs a file name, e.g. --pdf license.pdf")
    path = checked_target(Path(text).expanduser())
    if path.suffix.lower() != ".pdf":
        fail(f"--pdf must name a .pdf file, not {quoted(text)}")
    if path.is_dir():
        fail(f"--pdf names a folder, not a file: {quoted(text)}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        fail(f"the folder for --pdf does not exist: {quoted(str(folder))}")
    return path


def _check_reason(args: argparse.Namespace) -> None:
    if args.reason is not None and not args.reprint:
        fail("--reason goes with --reprint")


def _refuse_second_original(what: str) -> None:
    fail(
        f"{what} was handed over when it was issued; a copy is a reprint: add --reprint "
        "(and --reason TEXT) to write it marked REPRINT and recorded"
    )


def _reprint(args: argparse.Namespace, ctx: CliContext, kind_name: str, document_id: int) -> str:
    from clerkdesk.models import PrintedKind
    from clerkdesk.services.reprints import reprint

    path = target(args.pdf)
    done = reprint(
        ctx.database(),
        PrintedKind(kind_name),
        document_id,
        actor=ctx.actor(),
        clock=ctx.clock,
        workstation=platform.node() or None,
        reason=args.reason,
        deliver=lambda data: write_whole(path, data),
    )
    return f"wrote {done.title} marked REPRINT (reprint no. {done.reprints}) to {path}"


def handle_certificate(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.reprints import find_license, parse_license_number

    _check_reason(args)
    year = _year(args.year)
    parse_license_number(args.license_number)  # refused before the database is opened
    target(args.pdf)  # a bad file name is refused before the database is opened
    license_id = find_license(ctx.database(), args.license_number, year, ctx.clock.today())
    if not args.reprint:
        from clerkdesk.services.documents import certificate_for_license

        doc = certificate_for_license(ctx.database(), license_id)
        _refuse_second_original(f"Dog license {doc.license_number}, {doc.license_year_label}")
    out(_reprint(args, ctx, "certificate", license_id))
    return 0


def handle_receipt(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.reprints import find_receipt, parse_receipt_number

    _check_reason(args)
    parse_receipt_number(args.receipt_number)
    target(args.pdf)
    receipt_id = find_receipt(ctx.database(), args.receipt_number)
    if not args.reprint:
        from clerkdesk.services.documents import receipt_document

        _refuse_second_original(f"Receipt {receipt_document(ctx.database(), receipt_id).label}")
    out(_reprint(args, ctx, "receipt", receipt_id))
    return 0

"""``clerkdesk kennel license`` and ``clerkdesk kennel renew``: kennel licenses sold on their
own receipts, through the same ledger as the counter's."""

from __future__ import annotations

import argparse
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.files import checked_target
from clerkdesk.cli.kennel_args import record_id
from clerkdesk.cli.tag_marks_cmd import year_number

if TYPE_CHECKING:
    from clerkdesk.services.payments import TenderInput

TENDERS = ("cash", "check", "money_order", "card")
REFERENCE_WORDS = {
    "check": "check number",
    "money_order": "money order number",
    "card": "card authorization",
}
TENDER_EPILOG = """\
--tender says how it is paid: cash, check, money_order or card. A check, money order or
card needs --reference (the check or money order number, the card authorization). Cash
may give --amount, what was handed over (change is given); without it, the exact amount.
A town's fee for paying by card is added as its own line.
"""
RENEW_EPILOG = """\
Without --ids, every kennel licensed last year and not yet this year is renewed. Each kennel
is its own receipt; a kennel that cannot be renewed (no inspection passed for the year, more
dogs than its maximum, ...) is listed with its reason and the others are renewed all the
same. --reference may be given once for every kennel or once per kennel, in --ids order.
Exit status 1 when any kennel was refused.
"""


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sell = actions.add_parser(
        "license",
        help="sell a kennel its license for a license year",
        description="Sell the kennel KENNEL_ID its license (one receipt), and optionally "
        "write the kennel certificate.",
        epilog=TENDER_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sell.add_argument("kennel_id", metavar="KENNEL_ID", help="the kennel's number")
    sell.add_argument("--year", metavar="YYYY", help="default: the license year today")
    _tender_options(sell)
    sell.add_argument("--amount", metavar="AMOUNT", help="cash handed over, e.g. 40.00")
    sell.add_argument("--pdf", metavar="FILE", help="write the kennel certificate here")
    sell.set_defaults(handler=handle_license)
    renew = actions.add_parser(
        "renew",
        help="renew kennels for a license year in one batch",
        description="Renew kennels for the license year starting in YYYY.",
        epilog=RENEW_EPILOG + TENDER_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    renew.add_argument("--year", required=True, metavar="YYYY")
    renew.add_argument("--ids", nargs="+", metavar="KENNEL_ID", help="default: every one due")
    _tender_options(renew, several=True)
    renew.set_defaults(handler=handle_renew)


def _tender_options(parser: argparse.ArgumentParser, *, several: bool = False) -> None:
    parser.add_argument("--tender", required=True, choices=TENDERS, help="how it is paid")
    parser.add_argument(
        "--reference",
        action="append" if several else "store",
        metavar="R",
        help="check or money order number, card authorization",
    )


def tender(kind: str, reference: str | None, amount: str | None) -> TenderInput:
    from clerkdesk.models import TenderKind
    from clerkdesk.rules.money import parse_amount
    from clerkdesk.services.payments import TenderInput

    offered = None if amount is None else parse_amount(amount, "--amount", field="--amount")
    if offered is not None and kind != "cash":
        fail("--amount is what was handed over in cash; a check or card pays the amount due")
    if kind == "cash" and reference is not None:
        fail("--reference is for a check, money order or card, not cash")
    if kind != "cash" and reference is None:
        fail(f"--tender {kind} needs --reference (the {REFERENCE_WORDS[kind]})")
    if reference is not None and (not reference.strip() or len(reference) > 40):
        fail("--reference must be 1 to 40 characters")
    return TenderInput(TenderKind(kind), offered, reference)


def pdf_target(text: str) -> Path:
    path = Path(text).expanduser()
    if path.suffix.lower() != ".pdf":
        fail(f"--pdf must name a .pdf file, not {text[:40]!r}")
    checked_target(path)
    if path.is_dir():
        fail(f"--pdf names a folder, not a file: {text[:40]!r}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        fail(f"the folder for --pdf does not exist: {str(folder)[:60]!r}")
    return path


def handle_license(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.cli.files import write_all
    from clerkdesk.services.kennel_licensing import KennelSaleRequest, sell_kennel_license

    kennel_id = record_id("KENNEL_ID", args.kennel_id)
    year = year_number(args.year) if args.year is not None else None
    paid = tender(args.tender, args.reference, args.amount)
    target = pdf_target(args.pdf) if args.pdf is not None else None
    database = ctx.database()
    request = KennelSaleRequest(kennel_id, (paid,), year)
    sold = sell_kennel_license(database, request, actor=ctx.actor(), clock=ctx.clock)
    out(
        f"kennel license {sold.license_label}: receipt {sold.receipt_label}, "
        f"{sold.total:.2f}, change {sold.change_due:.2f}, {len(sold.tags)} tag(s)"
    )
    if target is not None:
        from clerkdesk.reports.kennel_certificate_pdf import render_kennel_certificate
        from clerkdesk.services.kennel_documents import kennel_certificate

        document = kennel_certificate(database, sold.kennel_license_id)
        write_all([(target, render_kennel_certificate(document))])
        out(f"wrote the kennel certificate to {target}")
    return 0


def _references(given: list[str] | None, count: int) -> list[str | None]:
    if not given:
        return [None] * count
    if len(given) == 1:
        return [given[0]] * count
    if len(given) != count:
        fail(f"give --reference once, or once for each of the {count} kennels")
    return [*given]


def handle_renew(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.kennel_licensing import KennelRenewal, kennels_due, renew_kennels

    year = year_number(args.year)
    ids = [record_id("--ids", text) for text in args.ids] if args.ids else None
    if ids is not None and len(set(ids)) != len(ids):
        fail("--ids names a kennel twice")
    if ids is not None:
        references = _references(args.reference, len(ids))
        tenders = [tender(args.tender, r, None) for r in references]
    database = ctx.database()
    actor = ctx.actor()
    if ids is None:
        ids = [d.kennel_id for d in kennels_due(database, license_year=year, on=ctx.clock.today())]
        references = _references(args.reference, len(ids))
        tenders = [tender(args.tender, r, None) for r in references]
    renewals = [KennelRenewal(k, t) for k, t in zip(ids, tenders, strict=True)]
    result = renew_kennels(database, renewals, license_year=year, actor=actor, clock=ctx.clock)
    for sold in result.renewed:
        out(f"renewed\t{sold.license_label}\t{sold.receipt_label}\t{sold.total:.2f}")
    for kennel_id, name, reason in result.refused:
        out(f"refused\t{kennel_id}\t{' '.join(name.split())}\t{' '.join(reason.split())}")
    total = sum((s.total for s in result.renewed), Decimal("0.00"))
    out(f"{len(result.renewed)} renewed ({total:.2f}), {len(result.refused)} refused")
    return 1 if result.refused else 0

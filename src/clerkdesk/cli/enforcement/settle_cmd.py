"""`clerkdesk violation pay` and `clerkdesk impound release`: a fine, or an impounded dog's
release, paid through the one checkout, as at the counter (issue 28, items 1 and 2).

The violation and impound families call ``register_pay`` and ``register_release`` from their
``register``. Each prints the receipt's number and total; a refusal is one line, exit 2,
nothing saved.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.cli.kennel_sale_cmd import REFERENCE_WORDS, TENDERS

if TYPE_CHECKING:
    from clerkdesk.services.licensing import CheckoutResult
    from clerkdesk.services.payments import TenderInput

TENDER_EPILOG = """\
--tender KIND[:AMOUNT[:REFERENCE]] says how it is paid, and may be given more than once to
split it: KIND is cash, check, money_order or card; AMOUNT what that tender pays (cash: what
was handed over, change is given), left out or empty for the rest of what is due; a check,
money order or card needs its REFERENCE (the check or money order number, the card
authorization). E.g. --tender check::1234, or --tender cash:20 --tender card::A7731.
A town's fee for paying by card is added as its own line.
"""


def register_pay(violation: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    pay = violation.add_parser(
        "pay",
        help="take payment of one or more fines (one receipt)",
        description="Take payment of the fines REF … (e.g. V2026-0002) on one receipt, paid "
        "by the owner the first one names.",
        epilog=TENDER_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    pay.add_argument("refs", nargs="+", metavar="REF", help="a violation, like V2026-0002")
    _tender_option(pay)
    pay.set_defaults(handler=handle_pay)


def register_release(impound: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    release = impound.add_parser(
        "release",
        help="release an impounded dog to its owner on payment of its charges",
        description="Release the impounded dog REF (e.g. I2026-0001) to its owner: its "
        "charges to now on one receipt and, with --license, the dog's license on the same "
        "receipt (a dog unlicensed for the year in force goes home licensed, MGL c.140 "
        "§151A).",
        epilog=TENDER_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    release.add_argument("ref", metavar="REF", help="an impound, like I2026-0001")
    _tender_option(release)
    release.add_argument(
        "--license", action="store_true", help="sell the dog its license in the same checkout"
    )
    release.add_argument(
        "--tag", metavar="N", help="with --license: the tag handed over (default: the next)"
    )
    release.set_defaults(handler=handle_release)


def _tender_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--tender",
        action="append",
        required=True,
        metavar="KIND[:AMOUNT[:REFERENCE]]",
        help="how it is paid; may be repeated to split the payment",
    )


def tender_of(text: str) -> TenderInput:
    """One ``--tender`` as typed; one line naming it when it is not one."""
    from clerkdesk.models import TenderKind
    from clerkdesk.rules.money import parse_amount
    from clerkdesk.services.payments import TenderInput

    kind, _, rest = text.partition(":")
    amount, _, reference = rest.partition(":")
    kind = kind.strip().lower()
    if kind not in TENDERS:
        fail(f"--tender {text[:40]!r}: KIND is one of {', '.join(TENDERS)}")
    offered = parse_amount(amount, "--tender's amount", field="--tender") if amount else None
    ref = reference.strip() or None
    if kind == "cash" and ref is not None:
        fail(f"--tender {text[:40]!r}: a reference is for a check, money order or card")
    if kind != "cash" and ref is None:
        fail(f"--tender {text[:40]!r} needs the {REFERENCE_WORDS[kind]}: {kind}:{amount}:REFERENCE")
    if ref is not None and len(ref) > 40:
        fail("--tender's reference must be 1 to 40 characters")
    return TenderInput(TenderKind(kind), offered, ref)


def _tenders(given: list[str]) -> tuple[TenderInput, ...]:
    return tuple(tender_of(text) for text in given)


def _printed(result: CheckoutResult, what: str) -> None:
    change = f", change {result.change_due:.2f}" if result.change_due else ""
    out(f"receipt {result.receipt_label}: {result.total:.2f}{change} — {what}")
    for issued in result.licenses:
        out(
            f"license {issued.number} ({issued.license_year_label}) for {issued.dog_name}, "
            f"tag {issued.tag}"
        )


def handle_pay(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.models import Violation
    from clerkdesk.services.enforcement.refs import find_by_ref
    from clerkdesk.services.licensing import CheckoutRequest, checkout

    tenders = _tenders(args.tender)
    database = ctx.database()
    with database.read() as session:
        found = [find_by_ref(session, Violation, ref) for ref in args.refs]
        ids = tuple(v.id for v in found)
        labels = [v.label for v in found]
        payer = found[0].owner_id
    if len(set(ids)) != len(ids):
        fail("a violation is named twice")
    request = CheckoutRequest(payer, (), tenders, fines=ids)
    result = checkout(database, request, actor=ctx.actor(), clock=ctx.clock)
    _printed(result, f"paid {', '.join(labels)}")
    return 0


def handle_release(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.cli.kennel_args import record_id
    from clerkdesk.models import Dog, Impound
    from clerkdesk.services.enforcement.refs import find_by_ref
    from clerkdesk.services.licensing import CheckoutRequest, LicenseItem, checkout

    tenders = _tenders(args.tender)
    if args.tag is not None and not args.license:
        fail("--tag is the tag of the license sold with --license")
    tag = record_id("--tag", args.tag) if args.tag is not None else None
    database = ctx.database()
    with database.read() as session:
        impound = find_by_ref(session, Impound, args.ref)
        label, dog_id, impound_id = impound.label, impound.dog_id, impound.id
        dog = session.get(Dog, dog_id) if dog_id is not None else None
        payer = dog.owner_id if dog is not None else impound.owner_id
    if dog_id is None or payer is None:
        fail(f"{label} is a dog not yet identified: record whose dog it is before it is released")
    items = (LicenseItem(dog_id, tag_number=tag),) if args.license else ()
    request = CheckoutRequest(payer, items, tenders, releases=(impound_id,))
    result = checkout(database, request, actor=ctx.actor(), clock=ctx.clock)
    _printed(result, f"{label} released")
    return 0

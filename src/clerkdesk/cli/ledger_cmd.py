"""``clerkdesk ledger verify``, ``clerkdesk period lock|list`` and ``clerkdesk receipt void``:
the ledger's tamper check, the monthly lock and voids from the command line.

Imports of the database layer stay inside the handlers, so that listing the commands stays
quick.
"""

from __future__ import annotations

import argparse
import json

from clerkdesk.cli.context import CliContext, err, out

VERIFY_EPILOG = """\
Every link of the ledger's hash chain is recomputed from the receipts, voids, close-outs and
period locks as stored now; records with no link, missing links and each period lock's
signature of the chain are checked too. Exit status:
  0  the ledger is intact (one line: the count of entries and the chain's head)
  1  the ledger is broken: the first broken link is named, in words, on standard output
  2  the database could not be read (one line on standard error)
The licenses, kennel licenses and tag issues as stored are held to the latest entry that
recorded them, and the audit trail's own chain is walked too.

--against SEQ:HASH checks the chain against a head printed on a close-out sheet or a
remittance (the treasurer's copy): a chain rewritten up to there, or cut short after it, is
found. The head is checked with the office's chain key file; without one, heads printed
unkeyed still check, and the command says it ran unkeyed.
With --json the result is printed as one JSON object (intact, entries, head_seq, head_hash,
period_locks_checked, problems, more_problems, audit_entries, audit_head_seq, against,
summary) and the exit status is the same.
"""

KEY_EPILOG = """\
The chain key signs the head printed on each close-out sheet and remittance (HMAC), so a
chain rewritten inside the database cannot match the paper. It is kept in a file outside the
database (CLERKDESK_LEDGER_KEY_FILE, else [ledger] key file in the settings file, else
ledger-keys.txt in the machine-wide data folder), readable by its owner only; the chain
records only its fingerprint. `rotate` adds a new key after the old ones (keep the file:
old heads verify with old keys). Administrator only. Exit status 0 when done, 2 when refused.
"""

LOCK_EPILOG = """\
A month is locked once it is remitted to the treasurer: afterwards nothing can be posted,
voided or back-dated into it. The month must be over. A locked period cannot be reopened:
there is no unlock. The lock signs the ledger chain's head as it stood.
"""

VOID_EPILOG = """\
The receipt is never changed: a void is a new ledger entry, posted today, with the reason and
the user. A license sold on the receipt becomes void (the dog may be licensed again; its tag
number is not given out again); a replacement tag is void and the lost tag is the license's
tag again; a transfer is undone (the dog goes back to its former owner). A receipt in a
locked month cannot be voided. Exit status 0 when voided, 2 when refused (one line).
"""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ledger = subparsers.add_parser(
        "ledger",
        help="check the ledger's tamper-evident hash chain",
        description="Check the ledger.",
    )
    ledger_actions = ledger.add_subparsers(dest="ledger_action", metavar="ACTION", required=True)
    verify = ledger_actions.add_parser(
        "verify",
        help="recompute every link of the chain; name the first broken one",
        description="Recompute every link of the ledger's hash chain from the stored rows.",
        epilog=VERIFY_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    verify.add_argument("--json", action="store_true", help="print the result as JSON")
    verify.add_argument(
        "--against",
        metavar="SEQ:HASH",
        help="a head printed on a close-out sheet or a remittance, to check the chain against",
    )
    verify.set_defaults(handler=_verify)
    key = ledger_actions.add_parser(
        "key",
        help="set up or rotate the chain's HMAC key (kept outside the database)",
        description="Set up or rotate the key that signs the printed ledger heads.",
        epilog=KEY_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    key_actions = key.add_subparsers(dest="key_action", metavar="ACTION", required=True)
    for name, words in (("new", "set up the first key"), ("rotate", "add a new key in force")):
        action = key_actions.add_parser(name, help=words, description=words.capitalize() + ".")
        action.set_defaults(handler=_key, rotate=name == "rotate")

    period = subparsers.add_parser(
        "period",
        help="lock a remitted month, or list the locked ones",
        description="Lock months remitted to the treasurer.",
    )
    period_actions = period.add_subparsers(dest="period_action", metavar="ACTION", required=True)
    lock = period_actions.add_parser(
        "lock",
        help="lock a month remitted to the treasurer, for good",
        description="Lock a month remitted to the treasurer.",
        epilog=LOCK_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    lock.add_argument("month", metavar="YYYY-MM", help="the month, e.g. 2026-03")
    lock.add_argument(
        "--reference",
        required=True,
        metavar="TEXT",
        help="the treasurer's turnover reference (at most 80 characters)",
    )
    lock.set_defaults(handler=_lock)
    listing = period_actions.add_parser(
        "list",
        help="list the locked months",
        description="List the locked months, oldest first, tab-separated: MONTH  REFERENCE  "
        "LOCKED  BY  CHAIN_SEQ.",
    )
    listing.add_argument("--json", action="store_true", help="print the list as JSON")
    listing.set_defaults(handler=_list)

    receipt = subparsers.add_parser(
        "receipt",
        help="void a receipt",
        description="Act on one receipt.",
    )
    receipt_actions = receipt.add_subparsers(dest="receipt_action", metavar="ACTION", required=True)
    void = receipt_actions.add_parser(
        "void",
        help="void a receipt, with the reason",
        description="Void a receipt: a reversing entry with the reason and the user.",
        epilog=VOID_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    void.add_argument("number", metavar="YYYY-NNNNNN", help="the receipt number as printed")
    void.add_argument(
        "--reason", required=True, metavar="TEXT", help="why (at most 300 characters)"
    )
    void.set_defaults(handler=_void)


def _verify(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.ledger_verify import verify_ledger
    from clerkdesk.settings.chain_key import NO_KEY, load_keys, parse_printed_head

    # Checked before the database is opened: bad input changes nothing and names itself.
    against = None if args.against is None else parse_printed_head(args.against)
    keys = load_keys()
    found = verify_ledger(ctx.database(), against=against, keys=keys)
    if args.json:
        out(json.dumps({**found.as_json(), "keyed": bool(keys.keys)}, indent=2))
    else:
        if not keys.keys:
            err(NO_KEY)
        out(found.summary)
    return 0 if found.intact else 1


def _key(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.ledger_keys import set_up_key
    from clerkdesk.settings.chain_key import key_file

    path = key_file()
    change = set_up_key(
        ctx.database(), path, rotate=args.rotate, actor=ctx.actor(), clock=ctx.clock
    )
    did = (
        f"rotated the chain key ({change.previous} → "
        if change.previous
        else "set up the chain key ("
    )
    out(f"{did}{change.fingerprint}) in {path}; ledger entry {change.seq} records it")
    return 0


def _lock(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.periods import clean_reference, lock_period, parse_month

    # Checked before the database is opened: bad input changes nothing and names itself.
    parse_month(args.month)
    clean_reference(args.reference)
    lock = lock_period(
        ctx.database(), args.month, args.reference, actor=ctx.actor(), clock=ctx.clock
    )
    out(
        f"locked {lock.month} ({us_date(lock.first_day)}–{us_date(lock.last_day)}), "
        f"reference {lock.reference}; it signs ledger entry {lock.chain_seq}"
    )
    return 0


def _list(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.periods import locked_periods

    periods = locked_periods(ctx.database())
    if args.json:
        out(
            json.dumps(
                [
                    {
                        "month": p.month,
                        "reference": p.reference,
                        "locked_at": p.locked_at.isoformat(),
                        "locked_by": p.locked_by,
                        "chain_seq": p.chain_seq,
                        "chain_head": p.chain_head,
                    }
                    for p in periods
                ],
                indent=2,
            )
        )
        return 0
    if not periods:
        err("no month is locked")
    for p in periods:
        out(
            "\t".join(
                (p.month, p.reference, p.locked_at.isoformat(), p.locked_by, str(p.chain_seq))
            )
        )
    return 0


def _void(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.reprints import find_receipt, parse_receipt_number
    from clerkdesk.services.voids import clean_reason, void_receipt

    parse_receipt_number(args.number)
    clean_reason(args.reason)
    database = ctx.database()
    receipt_id = find_receipt(database, args.number)
    result = void_receipt(database, receipt_id, args.reason, actor=ctx.actor(), clock=ctx.clock)
    out(f"voided receipt {result.receipt_label} ({result.amount:.2f})")
    for said in result.undone:
        out(f"  {said}")
    return 0

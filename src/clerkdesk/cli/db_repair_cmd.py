"""``clerkdesk db repair [--check]``: counters moved up past the numbers their records hold
(the administrator's, in the audit trail)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from clerkdesk.cli.context import CliContext, out

if TYPE_CHECKING:
    from clerkdesk.services.repair.counters import RepairReport


def register(actions: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    repair = actions.add_parser(
        "repair",
        help="move counters that fell behind their records (administrator)",
        description="Find every counter (receipt numbers, dog and kennel license numbers, "
        "the ledger chain's place) that is behind the highest number its records already "
        "hold, and move it up to that number, so the next sale takes the next number. Each "
        "move is written in the audit trail. A counter is never moved down: the ledger "
        "chain's counter ahead of its entries is reported for `clerkdesk ledger verify` and "
        "left as it is. Needs the administrator ($CLERKDESK_USER, $CLERKDESK_PASSWORD).",
    )
    repair.add_argument(
        "--check", action="store_true", help="only say what would be moved; change nothing"
    )
    repair.set_defaults(handler=_repair)


def _repair(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.repair.counters import check_counters, repair_counters

    database = ctx.database()
    actor = ctx.actor()
    if args.check:
        report = check_counters(database, actor=actor)
    else:
        report = repair_counters(database, actor=actor, clock=ctx.clock)
    _say(report, checked=args.check)
    return 0


def _say(report: RepairReport, *, checked: bool) -> None:
    verb = "would move" if checked else "moved"
    for state in report.behind:
        out(f"{verb} {state.name} {state.scope} to {state.highest}: {state.said}")
    if not report.behind:
        out("every counter is at or past its records' numbers; nothing to repair")
    elif checked:
        out("nothing was changed; run `clerkdesk db repair` to move them")
    if report.ledger_ahead is not None:
        counter, last = report.ledger_ahead
        out(
            f"the ledger chain's counter is at {counter} but its last entry is {last}: "
            "not repaired (entries may have been deleted); run `clerkdesk ledger verify`"
        )

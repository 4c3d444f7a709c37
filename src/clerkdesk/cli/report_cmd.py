"""``clerkdesk report …``: reports written to files.

Each report registers its own action: the remittance's in ``report_remittance_cmd``, the
day's close-out sheet in ``closeout_cmd``, the unlicensed-dog list in
``report_unlicensed_cmd``.
"""

from __future__ import annotations

import argparse

from clerkdesk.cli import (
    closeout_cmd,
    report_enforcement_cmd,
    report_kennels_cmd,
    report_remittance_cmd,
    report_unlicensed_cmd,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "report",
        help="write a report (the remittance to the treasurer, a day's close-out, the "
        "unlicensed-dog list) as PDF, CSV or XLSX",
        description="Write a report to files.",
    )
    actions = parser.add_subparsers(dest="report_action", metavar="REPORT", required=True)
    report_remittance_cmd.register(actions)
    closeout_cmd.register_report(actions)
    report_kennels_cmd.register(actions)
    report_unlicensed_cmd.register(actions)
    report_enforcement_cmd.register(actions)

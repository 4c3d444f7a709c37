"""``clerkdesk report …``: money reports as files. Each report registers its own action."""

from __future__ import annotations

import argparse

from clerkdesk.cli import closeout_cmd


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "report",
        help="write a money report (a day's close-out) as a PDF",
        description="Write a money report to a file.",
    )
    actions = parser.add_subparsers(dest="report_action", metavar="REPORT", required=True)
    closeout_cmd.register_report(actions)

"""``clerkdesk print …``: every printed document as a PDF file, from the command line.

The documents register their own actions: certificates and receipts in
``print_documents_cmd``, tag labels, calibration pages and sheet templates in
``print_labels_cmd``, a kennel license's tags in ``print_kennel_tags_cmd``.
"""

from __future__ import annotations

import argparse

from clerkdesk.cli import (
    print_documents_cmd,
    print_enforcement_cmd,
    print_kennel_tags_cmd,
    print_labels_cmd,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "print",
        help="write a certificate, a receipt, tag or kennel tag labels, a calibration page (PDF)",
        description="Write a printed document to a PDF file (print it at actual size).",
    )
    actions = parser.add_subparsers(dest="print_action", metavar="ACTION", required=True)
    print_documents_cmd.register(actions)
    print_labels_cmd.register(actions)
    print_kennel_tags_cmd.register(actions)
    print_enforcement_cmd.register(actions)

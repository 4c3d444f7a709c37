"""``clerkdesk import ACTION``: one command, an action for each kind of file brought in.

Each action lives in a module of its own with ``add(actions)``; ``ACTIONS`` lists them in
the order ``--help`` shows them (the register's today; a vet's rabies list or the census
add theirs here).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from clerkdesk.cli.importing import census_cmd, rabies_cmd, register_cmd

ACTIONS: list[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = [
    register_cmd.add,
    rabies_cmd.add,
    census_cmd.add,
]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "import",
        help="bring records in from another program's files (the old register, …)",
        description="Bring an office's records in from the files other programs export.",
    )
    actions = parser.add_subparsers(dest="import_action", metavar="ACTION", required=True)
    for add in ACTIONS:
        add(actions)

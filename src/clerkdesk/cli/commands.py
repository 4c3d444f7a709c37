"""Every command module registers itself here, in the order ``--help`` lists them.

A registrar adds one sub-parser and sets ``handler=fn(args, ctx) -> exit status``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from clerkdesk.cli import (
    audit_cmd,
    closeout_cmd,
    config_cmd,
    db_cmd,
    demo_cmd,
    kennel_cmd,
    ledger_cmd,
    notices_cmd,
    print_cmd,
    report_cmd,
    rules_cmds,
    screenshot_cmd,
    search_cmd,
    self_check_cmd,
    tags_cmd,
    town_cmd,
    user_cmd,
    year_cmd,
)
from clerkdesk.cli.backups import backup_cmd, restore_cmd
from clerkdesk.cli.enforcement import hearing_cmd, impound_cmd, violation_cmd
from clerkdesk.cli.exports import export_cmd
from clerkdesk.cli.importing import import_cmd

Registrar = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]

REGISTRARS: list[Registrar] = [
    *rules_cmds.REGISTRARS,
    db_cmd.register,
    config_cmd.register,
    self_check_cmd.register,
    demo_cmd.register,
    ledger_cmd.register,
    search_cmd.register,
    tags_cmd.register,
    kennel_cmd.register,
    violation_cmd.register,
    impound_cmd.register,
    hearing_cmd.register,
    year_cmd.register,
    audit_cmd.register,
    town_cmd.register,
    user_cmd.register,
    print_cmd.register,
    closeout_cmd.register,
    backup_cmd.register,
    restore_cmd.register,
    report_cmd.register,
    notices_cmd.register,
    screenshot_cmd.register,
    export_cmd.register,
    import_cmd.register,
]

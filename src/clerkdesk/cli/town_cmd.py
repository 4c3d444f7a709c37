"""``clerkdesk town seal FILE``: the town's seal or logo on license certificates, as in
Settings → Certificate seal."""

from __future__ import annotations

import argparse
from pathlib import Path

from clerkdesk.cli.backups.schedule_cmd import add_town_backups
from clerkdesk.cli.context import CliContext, fail, out

# The checks' limits, written out so that listing the commands does not import ReportLab.
MAX_SEAL_TEXT = "1 MB"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "town",
        help="office-wide settings: the seal on certificates, the idle lock, who locks a month, "
        "scheduled backups",
        description="Office-wide settings of the town, shared by every workstation.",
    )
    actions = parser.add_subparsers(dest="town_action", metavar="ACTION", required=True)
    seal = actions.add_parser(
        "seal",
        help="print this image as the town's seal on every license certificate",
        description="Keep FILE (a PNG or JPEG image, at most "
        f"{MAX_SEAL_TEXT}, at least 64 pixels a side) in the database as the seal every "
        "workstation prints on license certificates; --default goes back to the plain "
        "default seal.",
    )
    which = seal.add_mutually_exclusive_group(required=True)
    which.add_argument("file", nargs="?", metavar="FILE", help="the seal image")
    which.add_argument("--default", action="store_true", help="print the default seal again")
    seal.set_defaults(handler=handle_seal)
    idle = actions.add_parser(
        "idle-lock",
        help="lock every counter after this many idle minutes (0: never)",
        description="How many minutes a workstation may sit with no key pressed or mouse "
        "moved before it locks and asks for the password again; 0 never locks. Shared by "
        "every workstation; the default is 10.",
    )
    idle.add_argument("minutes", type=int, metavar="MINUTES", help="0 to 480")
    idle.set_defaults(handler=handle_idle_lock)
    month_lock = actions.add_parser(
        "month-lock",
        help="who, besides the administrator, may lock a remitted month",
        description="Give locking a remitted month to these roles (any of clerk, "
        "assistant_clerk, treasurer; none: the administrator only). The administrator always "
        "may; by default the clerk does. Shared by every workstation.",
    )
    month_lock.add_argument(
        "roles", nargs="*", metavar="ROLE", help="clerk, assistant_clerk or treasurer"
    )
    month_lock.set_defaults(handler=handle_month_lock)
    add_town_backups(actions)


def handle_seal(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.seal import clear_seal, set_seal

    if args.default:
        clear_seal(ctx.database(), actor=ctx.actor())
        out("certificates print the default seal")
        return 0
    path = Path(args.file)
    if not path.is_file():
        fail(f"no such file: {args.file!r}")
    try:
        content = path.read_bytes()
    except OSError as exc:
        fail(f"cannot read {args.file!r}: {exc.strerror or exc}")
    info = set_seal(ctx.database(), path.name, content, actor=ctx.actor(), clock=ctx.clock)
    out(f"certificates print {info.filename} ({info.width} × {info.height} pixels) as the seal")
    return 0


def handle_idle_lock(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.idle_lock import check_idle_minutes, set_idle_lock_minutes

    minutes = check_idle_minutes(args.minutes)
    set_idle_lock_minutes(ctx.database(), minutes, actor=ctx.actor())
    if minutes:
        out(f"every workstation locks after {minutes} idle minute{'' if minutes == 1 else 's'}")
    else:
        out("no workstation locks when idle")
    return 0


def handle_month_lock(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.roles import OFFICE_CHOSEN, Permission
    from clerkdesk.services.office_choices import set_office_choice

    offered = OFFICE_CHOSEN[Permission.LOCK_PERIOD]
    roles = []
    for name in args.roles:
        role = next((r for r in offered if name.strip().lower() in (r.value, r.words)), None)
        if role is None:
            fail(
                f"no such role to give the month lock: {name[:40]!r} "
                f"(one of {', '.join(r.value for r in offered)})"
            )
        roles.append(role)
    chosen = set_office_choice(ctx.database(), Permission.LOCK_PERIOD, roles, actor=ctx.actor())
    words = ["the administrator"] + [f"the {r.words}" for r in offered if r in chosen]
    out(f"a remitted month may be locked by {', '.join(words)}")
    return 0

"""``clerkdesk user add|passwd|disable|list``: the office's users."""

from __future__ import annotations

import argparse
import json

from clerkdesk.cli.context import CliContext, fail, out
from clerkdesk.rules.town_time import town_day


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "user",
        help="add users, set their passwords, disable them, list them",
        description="The people who sign in to ClerkDesk and their roles. On a database "
        "with no users yet, `user add NAME --role administrator` creates the administrator "
        "without signing in; after that, these commands act as a signed-in user (--user, "
        "$CLERKDESK_USER and $CLERKDESK_PASSWORD). A new password comes from "
        "$CLERKDESK_NEW_PASSWORD, else it is asked twice at a terminal.",
    )
    actions = parser.add_subparsers(dest="user_action", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="add a user with a role and a password")
    add.add_argument("name", metavar="NAME", help="user name: letters, digits, . _ -")
    add.add_argument(
        "--role",
        required=True,
        metavar="ROLE",
        help="clerk, assistant_clerk, animal_control, treasurer or administrator",
    )
    add.add_argument("--full-name", default="", metavar="TEXT", help="the person's full name")
    add.set_defaults(handler=handle_add)
    passwd = actions.add_parser("passwd", help="set a user's password")
    passwd.add_argument("name", metavar="NAME")
    passwd.set_defaults(handler=handle_passwd)
    disable = actions.add_parser("disable", help="stop a user from signing in")
    disable.add_argument("name", metavar="NAME")
    disable.set_defaults(handler=handle_disable)
    listing = actions.add_parser("list", help="list the users and their roles")
    listing.add_argument("--json", action="store_true", help="print JSON")
    listing.set_defaults(handler=handle_list)


def handle_add(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.cli.identity import new_password
    from clerkdesk.rules.roles import Role
    from clerkdesk.services.users import (
        add_user,
        check_full_name,
        check_name,
        has_users,
        parse_role,
    )

    # Everything typed is checked before a password is asked for.
    name = check_name(args.name)
    role = parse_role(args.role)
    full_name = check_full_name(args.full_name)
    database = ctx.database()
    first = not has_users(database)
    if first and role is not Role.ADMINISTRATOR:
        fail(
            "this database has no users yet: the first one must be the administrator "
            f"(`clerkdesk user add {name} --role administrator`)"
        )
    actor = None if first else ctx.actor()
    user = add_user(
        database, name, role, new_password(name), full_name, actor=actor, clock=ctx.clock
    )
    out(f"added {user.name} ({user.role.words})")
    return 0


def handle_passwd(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.cli.identity import new_password
    from clerkdesk.rules.roles import Permission
    from clerkdesk.services.users import check_name, set_password

    name = check_name(args.name)
    actor = ctx.actor()
    # Changing one's own password needs the present one, which signing in just proved.
    old = None if actor.may(Permission.MANAGE_USERS) else ctx.signed_password
    set_password(ctx.database(), name, new_password(name), actor=actor, old_password=old)
    out(f"the password of {name} is changed")
    return 0


def handle_disable(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.services.users import check_name, disable_user

    name = check_name(args.name)
    user = disable_user(ctx.database(), name, actor=ctx.actor())
    out(f"{user.name} is disabled and can no longer sign in")
    return 0


def handle_list(args: argparse.Namespace, ctx: CliContext) -> int:
    from clerkdesk.rules.dates import us_date
    from clerkdesk.services.users import list_users

    users = list_users(ctx.database())
    if args.json:
        rows = [
            {
                "name": user.name,
                "full_name": user.full_name,
                "role": user.role.value,
                "disabled": user.disabled,
                "created_at": user.created_at.isoformat(),
                "created_by": user.created_by,
                "last_signed_in_at": (
                    user.last_signed_in_at.isoformat() if user.last_signed_in_at else None
                ),
            }
            for user in users
        ]
        out(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    if not users:
        out(
            "no users yet; create the administrator with "
            "`clerkdesk user add NAME --role administrator`"
        )
        return 0
    width = max(len(user.name) for user in users)
    for user in users:
        state = "disabled" if user.disabled else "active"
        last = us_date(town_day(user.last_signed_in_at)) if user.last_signed_in_at else "never"
        line = f"{user.name:<{width}}  {user.role.words:<22}  {state:<8}  last signed in {last}"
        out(f"{line}  {user.full_name}".rstrip())
    return 0

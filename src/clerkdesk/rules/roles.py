"""Who may do what: the office's roles, the permissions they carry, and the signed-in actor.

Pure data, so the services enforce it, the screens hide what a role cannot do, and a test
can name every pair without a database.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class Role(enum.StrEnum):
    CLERK = "clerk"
    ASSISTANT_CLERK = "assistant_clerk"
    ANIMAL_CONTROL = "animal_control"
    TREASURER = "treasurer"
    ADMINISTRATOR = "administrator"

    @property
    def words(self) -> str:
        return ROLE_WORDS[self]


ROLE_WORDS = {
    Role.CLERK: "clerk",
    Role.ASSISTANT_CLERK: "assistant clerk",
    Role.ANIMAL_CONTROL: "animal control officer",
    Role.TREASURER: "treasurer",
    Role.ADMINISTRATOR: "administrator",
}


class Permission(enum.StrEnum):
    SELL = "sell"  # checkout, transfers, replacement tags
    EDIT_RECORDS = "edit_records"  # owners, dogs, rabies certificates
    REPRINT = "reprint"
    MANAGE_TAGS = "manage_tags"  # receive stock, void or mark tags
    VOID = "void"
    CLOSE_OUT = "close_out"
    LOCK_PERIOD = "lock_period"
    MANAGE_TOWN = "manage_town"  # town profile, fee schedule, seal, office settings
    MANAGE_USERS = "manage_users"
    READ_REPORTS = "read_reports"
    READ_AUDIT = "read_audit"
    INSPECT = "inspect"  # kennel inspections, the unlicensed-dog list
    MAIL_NOTICES = "mail_notices"  # renewal notices and reminder letters
    OPEN_YEAR = "open_year"  # open the next license year
    IMPORT_RECORDS = "import_records"  # the old register, vets' rabies lists, the census
    EXPORT_RECORDS = "export_records"  # the full export and the public-records export
    BACK_UP = "back_up"  # a backup taken by hand (close-out's scheduled one needs none)
    RESTORE = "restore"  # replaces the whole database: the administrator's alone
    REPAIR = "repair"  # moves counters past their records (``db repair``): the administrator's
    ENFORCE = "enforce"  # violations, impounds and complaints: the animal control officer's
    HEARINGS = "hearings"  # hearings, decisions, orders and licensing bars (§157)


PERMISSION_WORDS = {
    Permission.SELL: "sell licenses",
    Permission.EDIT_RECORDS: "change owners, dogs or rabies certificates",
    Permission.REPRINT: "reprint documents",
    Permission.MANAGE_TAGS: "receive or mark tags",
    Permission.VOID: "void receipts",
    Permission.CLOSE_OUT: "close out the day",
    Permission.LOCK_PERIOD: "lock a remitted period",
    Permission.MANAGE_TOWN: "change the town's rules or settings",
    Permission.MANAGE_USERS: "manage users",
    Permission.READ_REPORTS: "read money reports",
    Permission.READ_AUDIT: "read the audit trail",
    Permission.INSPECT: "record inspections",
    Permission.MAIL_NOTICES: "mail renewal notices and reminders",
    Permission.OPEN_YEAR: "open a license year",
    Permission.IMPORT_RECORDS: "import records",
    Permission.EXPORT_RECORDS: "export records",
    Permission.BACK_UP: "back up the database",
    Permission.RESTORE: "restore the database from a backup",
    Permission.REPAIR: "repair the database's counters",
    Permission.ENFORCE: "record violations, impounds or complaints",
    Permission.HEARINGS: "record hearings, decisions or orders",
}

_COUNTER = frozenset(
    {
        Permission.SELL,
        Permission.EDIT_RECORDS,
        Permission.REPRINT,
        Permission.MANAGE_TAGS,
        Permission.CLOSE_OUT,
        Permission.READ_REPORTS,
        Permission.MAIL_NOTICES,
        Permission.BACK_UP,
    }
)

ROLE_PERMISSIONS: dict[Role, frozenset[Permission]] = {
    Role.ADMINISTRATOR: frozenset(Permission),
    Role.CLERK: frozenset(Permission)
    - {Permission.MANAGE_USERS, Permission.RESTORE, Permission.REPAIR},
    # The assistant takes fines and release charges (SELL) but records no enforcement.
    Role.ASSISTANT_CLERK: _COUNTER,
    Role.ANIMAL_CONTROL: frozenset(
        {Permission.INSPECT, Permission.READ_REPORTS, Permission.ENFORCE}
    ),
    # The treasurer reads; the treasurer never posts, voids or changes a record.
    Role.TREASURER: frozenset({Permission.READ_REPORTS, Permission.READ_AUDIT}),
}


def may(role: Role, permission: Permission) -> bool:
    return permission in ROLE_PERMISSIONS[role]


# What an office decides for itself, and the roles it may give it to: locking a remitted
# month belongs in some towns to the clerk, in others to the treasurer who receives the
# money. The administrator always may; by default the clerk does, as before.
OFFICE_CHOSEN: dict[Permission, tuple[Role, ...]] = {
    Permission.LOCK_PERIOD: (Role.CLERK, Role.ASSISTANT_CLERK, Role.TREASURER),
}
OFFICE_DEFAULTS: dict[Permission, frozenset[Role]] = {
    permission: frozenset(role for role in roles if may(role, permission))
    for permission, roles in OFFICE_CHOSEN.items()
}


def office_choice(
    role: Role, chosen: dict[Permission, frozenset[Role]]
) -> tuple[frozenset[Permission], frozenset[Permission]]:
    """What the office's choices (the roles it gave each permission to) add to ``role`` and
    take from it: (granted, withheld). The administrator's permissions are never taken."""
    granted: set[Permission] = set()
    withheld: set[Permission] = set()
    for permission, roles in chosen.items():
        if role is Role.ADMINISTRATOR or permission not in OFFICE_CHOSEN:
            continue
        if role in roles:
            granted.add(permission)
        elif may(role, permission):
            withheld.add(permission)
    return frozenset(granted), frozenset(withheld)


@dataclass(frozen=True)
class Actor:
    """The person a service acts for: their user name, role and the workstation they sit at.

    Every record a service writes carries ``name``; every ledger entry ``workstation`` too.
    """

    name: str
    role: Role
    workstation: str = ""
    # The office's own choices for this person's role (see ``office_choice``).
    granted: frozenset[Permission] = frozenset()
    withheld: frozenset[Permission] = frozenset()
    # On a shared server, what proves to the database that this person signed in (the
    # password's key; services/proving.py); empty on SQLite and for the schema's owner.
    key: str = field(default="", repr=False, compare=False)

    def may(self, permission: Permission) -> bool:
        if permission in self.withheld:
            return False
        return permission in self.granted or may(self.role, permission)

    def refusal(self, permission: Permission) -> str:
        """Why this person may not: the words a disabled button or a refusal shows."""
        return (
            f"{self.described} may not {PERMISSION_WORDS[permission]}; "
            "ask a clerk or the administrator."
        )

    @property
    def described(self) -> str:
        return f"{self.name} ({self.role.words})"

"""Who may run each command: every command that shows the office's records signs in first.

The desktop app shows nothing before its sign-in page; the command line holds to the same
rule. Each command is one of three kinds, and every command the parser knows is named here
(a test walks the parser, so a new command must be given its kind before it ships):

- ``Open``: shows no records (the version, a bundled town's rules, a file's check, the
  database owner's schema work), so it runs for anyone at the keyboard;
- ``Reads``: shows records, so it signs in (``$CLERKDESK_USER`` and
  ``$CLERKDESK_PASSWORD``, or ``--user``) before the first thing it reads, and is refused
  unless the person's role carries one of ``any_of`` (none named: any signed-in user);
- ``Changes``: changes records, and signs in where it does (the service checks the
  permission, as it does for the app's screens).

A command missing from the table is treated as ``Reads()``: a sign-in is required.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from clerkdesk.rules.roles import PERMISSION_WORDS, Actor, Permission

SIGN_IN = (
    "this command shows the office's records: sign in first (set CLERKDESK_USER and "
    "CLERKDESK_PASSWORD, or give --user NAME)"
)


@dataclass(frozen=True)
class Open:
    why: str


@dataclass(frozen=True)
class Reads:
    any_of: tuple[Permission, ...] = ()

    def refusal(self, actor: Actor) -> str | None:
        """Why ``actor`` may not read this, or None when they may."""
        if not self.any_of or any(actor.may(p) for p in self.any_of):
            return None
        if len(self.any_of) == 1:
            return actor.refusal(self.any_of[0])
        words = " or ".join(PERMISSION_WORDS[p] for p in self.any_of)
        return f"{actor.described} may not {words}; ask a clerk or the administrator."


@dataclass(frozen=True)
class Changes:
    permission: Permission | None  # what the service checks; None: the command decides


Access = Open | Reads | Changes

_REPORTS = Reads((Permission.READ_REPORTS,))
_ANYONE = Reads()
_NO_DATABASE = Open("reads a file or the bundled town rules, never the database")

ACCESS: dict[str, Access] = {
    # The bundled towns' rules and a profile file are the law, not the office's records.
    "towns": _NO_DATABASE,
    "quote dog": _NO_DATABASE,
    "quote kennel": _NO_DATABASE,
    "quote fine": _NO_DATABASE,
    "quote impound": _NO_DATABASE,
    "profile check": _NO_DATABASE,
    "profile show": _NO_DATABASE,
    # The database owner's schema work (it holds the database's own password).
    "db init": Open("creates the schema as the database owner; shows no records"),
    "db upgrade": Open("upgrades the schema as the database owner; shows no records"),
    "db current": Open("says the schema's revision only"),
    "db head": Open("says this ClerkDesk's schema revision; reads no database"),
    "db grant-app-role": Open("the database owner's grant; shows no records"),
    # Moves counters past their records: the administrator's, checked by the service.
    "db repair": Changes(Permission.REPAIR),
    # The chain's key: made and rotated by the administrator, each a ledger entry.
    "ledger key new": Changes(Permission.MANAGE_USERS),
    "ledger key rotate": Changes(Permission.MANAGE_USERS),
    "config show": Open("says where ClerkDesk looks for its settings"),
    "self-check": Open("checks this installation, not the office's records"),
    "demo": Open("fills an empty demo database; its accounts' passwords are public"),
    "screenshot": Open(
        "draws the sign-in page unless someone signs in (or the demo's public accounts)"
    ),
    "backup verify": Open("reads a backup file's manifest, never the database"),
    "export verify": Open("checks an export file against its manifest, never the database"),
    "print calibration": Open("a test page of empty boxes; no records on it"),
    "print templates": Open("lists label sheet templates (settings, not records)"),
    "print tags": Open("labels of tag numbers for the town's stock; no resident on them"),
    # Reads: the ledger, money and the audit trail.
    "ledger verify": _REPORTS,
    "period list": _REPORTS,
    "report remittance": _REPORTS,
    "report closeout": _REPORTS,
    "report unlicensed": _REPORTS,
    "report kennels": Reads((Permission.READ_REPORTS, Permission.INSPECT)),
    "audit": Reads((Permission.READ_AUDIT,)),
    "user list": Reads((Permission.MANAGE_USERS,)),
    # Reads: residents, dogs, kennels and tags, as the app's screens show any signed-in user.
    "search": _ANYONE,
    "kennel list": _ANYONE,
    "kennel show": _ANYONE,
    "kennel inspections": Reads((Permission.READ_REPORTS, Permission.INSPECT)),
    "tags list": _ANYONE,
    "tags history": _ANYONE,
    "year status": _ANYONE,
    "town backups": _ANYONE,  # shows the schedule; changing it needs MANAGE_TOWN
    # Documents that carry a resident's name and address.
    "print receipt": Reads((Permission.SELL, Permission.REPRINT)),
    "print certificate": Reads((Permission.SELL, Permission.REPRINT)),
    "print kennel-tags": Reads((Permission.SELL, Permission.REPRINT)),
    # Enforcement records (issue 28) are read as the counter reads owners and dogs; its
    # papers and lists carry residents' names and amounts owed.
    "violation list": _ANYONE,
    "violation show": _ANYONE,
    "violation unpaid": _ANYONE,
    "impound list": _ANYONE,
    "impound show": _ANYONE,
    "impound charges": _ANYONE,
    "hearing list": _ANYONE,
    "hearing show": _ANYONE,
    "print violation-notice": Reads((Permission.ENFORCE, Permission.SELL, Permission.REPRINT)),
    "print hearing-notice": Reads((Permission.HEARINGS, Permission.REPRINT)),
    "print hearing-order": Reads((Permission.HEARINGS, Permission.REPRINT)),
    "print impound-release": Reads((Permission.SELL, Permission.REPRINT, Permission.ENFORCE)),
    "report unpaid-fines": Reads((Permission.READ_REPORTS, Permission.ENFORCE)),
    "report enforcement": Reads((Permission.READ_REPORTS, Permission.ENFORCE)),
    # A dry run shows how the file's residents match the office's.
    "import register": Reads((Permission.IMPORT_RECORDS,)),
    # Changes: each signs in where it writes; the service checks the permission.
    "period lock": Changes(Permission.LOCK_PERIOD),
    "receipt void": Changes(Permission.VOID),
    "closeout": Changes(Permission.CLOSE_OUT),
    "tags receive": Changes(Permission.MANAGE_TAGS),
    "tags void": Changes(Permission.MANAGE_TAGS),
    "tags lost": Changes(Permission.MANAGE_TAGS),
    "tags return": Changes(Permission.MANAGE_TAGS),
    "tags unmark": Changes(Permission.MANAGE_TAGS),
    "kennel add": Changes(Permission.EDIT_RECORDS),
    "kennel roster": Changes(Permission.EDIT_RECORDS),
    "kennel inspect": Changes(Permission.INSPECT),
    "kennel license": Changes(Permission.SELL),
    "kennel renew": Changes(Permission.SELL),
    "kennel edit": Changes(Permission.EDIT_RECORDS),
    "kennel close": Changes(Permission.EDIT_RECORDS),
    "year open": Changes(Permission.OPEN_YEAR),
    "town seal": Changes(Permission.MANAGE_TOWN),
    "town idle-lock": Changes(Permission.MANAGE_TOWN),
    "town month-lock": Changes(Permission.MANAGE_TOWN),
    # The first user is made with no one signed in; every later one by the administrator.
    "user add": Changes(Permission.MANAGE_USERS),
    "user passwd": Changes(None),  # one's own, or the administrator's for anyone
    "user disable": Changes(Permission.MANAGE_USERS),
    "backup": Changes(Permission.BACK_UP),
    "restore": Changes(Permission.RESTORE),
    "notices renewal": Changes(Permission.MAIL_NOTICES),
    "notices reminder": Changes(Permission.MAIL_NOTICES),
    "notices reprint": Changes(Permission.MAIL_NOTICES),
    "export all": Changes(Permission.EXPORT_RECORDS),
    "export public": Changes(Permission.EXPORT_RECORDS),
    "import rabies": Changes(Permission.IMPORT_RECORDS),
    "import census": Changes(Permission.IMPORT_RECORDS),
    # Enforcement: the officer records; a fine or a release is a sale; the hearing authority's
    # steps are recorded by the clerk.
    "violation record": Changes(Permission.ENFORCE),
    "violation dismiss": Changes(Permission.ENFORCE),
    "violation court": Changes(Permission.ENFORCE),
    "violation pay": Changes(Permission.SELL),
    "impound take": Changes(Permission.ENFORCE),
    "impound identify": Changes(Permission.ENFORCE),
    "impound dispose": Changes(Permission.ENFORCE),
    "impound release": Changes(Permission.SELL),
    "hearing complaint": Changes(Permission.ENFORCE),
    "hearing schedule": Changes(Permission.HEARINGS),
    "hearing decide": Changes(Permission.HEARINGS),
    "hearing court": Changes(Permission.HEARINGS),
    "hearing close": Changes(Permission.HEARINGS),
    "hearing end-order": Changes(Permission.HEARINGS),
    "hearing breach": Changes(Permission.HEARINGS),
    "hearing reported": Changes(Permission.HEARINGS),
    "hearing lift-bar": Changes(Permission.HEARINGS),
}


def access_of(command: str | None) -> Access:
    """The command's kind; one not in the table must sign in (fail closed)."""
    return ACCESS.get(command or "", _ANYONE)


def commands_of(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Every command that runs something, by its words ("period list"): each parser with a
    handler, a parent with its own handler (``backup``) as well as its children."""
    found: dict[str, argparse.ArgumentParser] = {}

    def walk(current: argparse.ArgumentParser, words: list[str]) -> None:
        if words and current.get_default("handler") is not None:
            found[" ".join(words)] = current
        for action in current._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    walk(child, [*words, name])

    walk(parser, [])
    return found


def name_commands(parser: argparse.ArgumentParser) -> None:
    """Each command's parser records its words, so ``main`` knows which command ran."""
    for words, command in commands_of(parser).items():
        command.set_defaults(command_words=words)

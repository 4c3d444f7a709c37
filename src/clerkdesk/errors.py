"""Typed errors the core raises and the UI or CLI turns into plain words.

Anything that is not one of these is a bug and goes to the crash handler.
"""

from __future__ import annotations

from collections.abc import Mapping


class ClerkDeskError(Exception):
    """Base of every error a clerk may be shown."""


class ValidationError(ClerkDeskError):
    """Input that breaks a rule; nothing was changed.

    ``field`` names the input at fault so a form can show the message beside it.
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class FieldErrors(ValidationError):
    """Every problem a form's input has at once, one message per field, in the form's order.

    ``message`` and ``field`` are the first problem's plus the rest in one line, so a caller
    that shows a single message (the command line) still says everything.
    """

    def __init__(self, messages: Mapping[str, str]) -> None:
        if not messages:
            raise ValueError("FieldErrors needs at least one message")
        self.messages: dict[str, str] = dict(messages)
        first = next(iter(self.messages))
        super().__init__(" ".join(self.messages.values()), field=first)


class EnvironmentProblem(ClerkDeskError):
    """A known problem outside the program: a busy or full database, a missing file."""


class DatabaseBusy(EnvironmentProblem):
    """Another workstation holds the database; the action can be tried again."""


class DiskFull(EnvironmentProblem):
    """The disk holding the database is full; nothing was saved."""


class DatabaseUnavailable(EnvironmentProblem):
    """The database cannot be opened or reached."""


class DatabaseTooNew(EnvironmentProblem):
    """The database was upgraded by a newer ClerkDesk than this one."""


class DatabaseAddressInvalid(DatabaseUnavailable):
    """The database URL cannot be read, or names a kind of database or driver ClerkDesk
    does not use."""


class NotADatabase(DatabaseUnavailable):
    """The path or server database holds something other than a ClerkDesk database:
    a folder, a text file, an empty file, another program's tables."""


class DatabaseDamaged(DatabaseUnavailable):
    """The database file is cut short or corrupt; only a backup brings it back."""


class DatabaseRefused(DatabaseUnavailable):
    """The server answered but would not let this user into this database."""


class DatabaseMissing(DatabaseUnavailable):
    """No database exists at the path, and the caller asked not to create one."""


class LedgerRefused(ClerkDeskError):
    """The database refused to change or delete a posted ledger row (its triggers, or the
    app's role lacking the grant); a void or a new entry is the way to correct money."""


class GuardRefused(ValidationError):
    """A shared server's guards refused a change: no person proven for the transaction, a
    role the table is not changed by, or a row naming someone else (revision 0019)."""


class UpgradeNeedsOwner(EnvironmentProblem):
    """The database needs a newer schema (or has none yet), and the role this workstation
    connects as may not change it: the database's owner has to run the upgrade. Raised
    before anything is backed up or changed."""


class ConnectionLost(DatabaseUnavailable):
    """The connection to the shared server dropped while in use. The transaction was rolled
    back by the server, so nothing was saved; unless ``maybe_saved``, when it dropped while
    the commit itself was on its way and whether it arrived is not known."""

    def __init__(self, message: str, *, maybe_saved: bool = False) -> None:
        super().__init__(message)
        self.maybe_saved = maybe_saved

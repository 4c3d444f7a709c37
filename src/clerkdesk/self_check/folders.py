"""Whether ClerkDesk may write where it keeps things: its data folder, its log folder, and
the backups folder an upgrade copies the database into. Each is tried by making a file and
deleting it at once; a folder not made yet is tried in its nearest existing parent, where
ClerkDesk would make it. Nothing is left behind."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from clerkdesk.self_check.database_check import DatabasePlace
from clerkdesk.self_check.findings import Finding, Problem

ASK_IT = "give this account write access to it (ask IT)"


def check_folders(database: DatabasePlace | None) -> Finding:
    from clerkdesk.paths import user_data_dir
    from clerkdesk.settings import log_folder

    finding = Finding("folders")
    folders = [
        ("data folder", user_data_dir(), ASK_IT),
        (
            "log folder",
            log_folder(),
            f"{ASK_IT}, or name another as [logging] folder in clerkdesk.ini "
            "(see `clerkdesk config show`)",
        ),
    ]
    # The database's own problem is said once, by the database check, not again here.
    if database is not None and database.usable:
        where = database.sqlite_file.parent if database.sqlite_file else user_data_dir()
        folders.append(("backups folder", where / "backups", ASK_IT))
    for label, folder, fix in folders:
        reason = cannot_write(folder)
        if reason is not None:
            finding.problems.append(
                Problem(f"ClerkDesk cannot write in its {label} {shown(folder)} ({reason})", fix)
            )
    if finding.ok:
        finding.passed = ", ".join(label for label, _f, _x in folders) + " can be written"
    return finding


def cannot_write(folder: Path) -> str | None:
    """Why a file cannot be made in ``folder`` (or in the parent that would hold it), or
    None when one can."""
    target = folder.absolute()
    while not os.path.lexists(target) and target.parent != target:
        target = target.parent
    if not target.is_dir():
        return f"{shown(target)} is not a folder"
    try:
        handle, name = tempfile.mkstemp(prefix=".clerkdesk-self-check-", dir=target)
    except OSError as exc:
        return exc.strerror or str(exc)
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(name)
    return None


def shown(path: Path) -> str:
    from clerkdesk.db.checks import shown as safe

    return safe(path)

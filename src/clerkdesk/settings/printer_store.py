"""Where a workstation keeps what it knows of its printers (which printer and tray each kind
of document goes to, preview or print at once, each printer's label calibration).

That belongs to the machine and its printers, not to whoever signs in to the computer, so
it lives in one file every login shares: ``printers.ini`` in the machine-wide data folder
(``%PROGRAMDATA%\\ClerkDesk`` on Windows), or the ``[printing] settings folder`` IT names.
Where this login cannot write that file (on Linux ``/usr/local/share`` is root's unless IT
opens a folder), it keeps its own in its data folder, and says so.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from clerkdesk import paths
from clerkdesk.settings.files import SettingsFileInvalid
from clerkdesk.settings.layers import PRINTING_FOLDER, Layer, Origin, load_settings
from clerkdesk.settings.text import shown

log = logging.getLogger(__name__)
PRINTERS_FILE = "printers.ini"
_said: set[str] = set()


@dataclass(frozen=True)
class PrinterStore:
    path: Path
    shared: bool  # every login on this computer reads and writes it
    shared_path: Path  # the file every login would share (``path`` when it is shared)
    note: str = ""  # why this login keeps its own, when it does


def printer_store(environ: Mapping[str, str] | None = None, *, make: bool = True) -> PrinterStore:
    """The printers file for this login. ``make`` creates the shared file (empty) when it
    can, which is the only sure test of write access on Windows; ``make=False`` only looks
    (for ``config show``, which changes nothing)."""
    try:
        resolved = load_settings(environ=environ)[PRINTING_FOLDER]
        folder, origin = Path(resolved.value), resolved.origin
    except SettingsFileInvalid:
        # The app refused the bad file at start already; here printing just goes on.
        folder, origin = paths.machine_data_dir(environ), Origin(Layer.DEFAULT)
    shared = folder / PRINTERS_FILE
    problem = _writable(shared, make=make)
    if problem is None:
        return PrinterStore(shared, shared=True, shared_path=shared)
    own = paths.user_data_dir() / PRINTERS_FILE
    named = "" if origin.layer is Layer.DEFAULT else f" (set by the {origin.words()})"
    note = (
        f"this login cannot write {shown(shared)}{named}: {problem}; it keeps its own printer "
        f"settings in {shown(own)} — to share one file among every login, ask IT to let "
        f"every login write {shown(folder)} or to name another folder as [printing] settings "
        "folder in the machine-wide settings file"
    )
    if make and note not in _said:
        _said.add(note)  # once per run: printing asks for its settings at every print
        log.warning("printer settings: %s", note)
    return PrinterStore(own, shared=False, shared_path=shared, note=note)


def _writable(path: Path, *, make: bool) -> str | None:
    """None if this login can write ``path``; else the reason in words."""
    if make:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8"):
                pass
        except OSError as exc:
            return exc.strerror or str(exc)
        return None
    if path.exists():
        return None if os.access(path, os.W_OK) else "permission denied"
    folder = next((p for p in path.parents if p.exists()), None)
    if folder is None or not folder.is_dir():
        return "no such folder"
    return None if os.access(folder, os.W_OK | os.X_OK) else "permission denied"

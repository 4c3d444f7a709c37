"""What a workstation remembers about printing (never the shared database): the printer and
tray per kind of document, preview first or print at once, and each printer's label
calibration, keyed by the printer's name.

It belongs to the computer and its printers, not to whoever signs in, so it is kept in one
file every login on the computer shares (``clerkdesk.settings.printer_store``). Earlier
versions kept it in each login's own QSettings: the first time a login opens the shared
file, what it had is carried over (a printer or kind the shared file already knows keeps
the shared value), so an office loses no calibration.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import QSettings

from clerkdesk.paths import APP_NAME
from clerkdesk.reports.calibration import NO_CALIBRATION, Calibration
from clerkdesk.settings.printer_store import PrinterStore, printer_store
from clerkdesk.ui.printing.jobs import DocumentKind

log = logging.getLogger(__name__)
# Set in a login's own QSettings once its printing settings are carried over.
CARRIED_OVER_KEY = "printing/carried_over_to"


class PrintSettings:
    """Given a QSettings, keeps everything there (the tests' own file); else in the
    workstation's shared printers file."""

    def __init__(self, settings: QSettings | None = None) -> None:
        self.store: PrinterStore | None = None
        if settings is None:
            self.store = printer_store()
            settings = QSettings(str(self.store.path), QSettings.Format.IniFormat)
            carry_over(QSettings(APP_NAME, APP_NAME), settings)
        self._settings = settings

    @property
    def location(self) -> str:
        """The file these settings are kept in."""
        return self._settings.fileName()

    def printer_for(self, kind: DocumentKind) -> str | None:
        value = self._settings.value(f"printing/{kind.value}/printer")
        return str(value) if value else None

    def tray_for(self, kind: DocumentKind) -> str | None:
        value = self._settings.value(f"printing/{kind.value}/tray")
        return str(value) if value else None

    def remember(self, kind: DocumentKind, printer: str, tray: str | None) -> None:
        self._settings.setValue(f"printing/{kind.value}/printer", printer)
        self._settings.setValue(f"printing/{kind.value}/tray", tray or "")

    @property
    def preview_first(self) -> bool:
        return str(self._settings.value("printing/preview_first", "true")) == "true"

    @preview_first.setter
    def preview_first(self, value: bool) -> None:
        self._settings.setValue("printing/preview_first", "true" if value else "false")

    def calibration(self, printer: str) -> Calibration:
        key = f"calibration/{_key(printer)}"
        try:
            return Calibration(
                float(str(self._settings.value(f"{key}/offset_x_mm", 0))),
                float(str(self._settings.value(f"{key}/offset_y_mm", 0))),
                float(str(self._settings.value(f"{key}/scale", 1))),
            )
        except ValueError:  # a hand-edited settings file: print uncalibrated, never fail
            return NO_CALIBRATION

    def set_calibration(self, printer: str, calibration: Calibration) -> None:
        key = f"calibration/{_key(printer)}"
        self._settings.setValue(f"{key}/printer", printer)
        self._settings.setValue(f"{key}/offset_x_mm", calibration.offset_x_mm)
        self._settings.setValue(f"{key}/offset_y_mm", calibration.offset_y_mm)
        self._settings.setValue(f"{key}/scale", calibration.scale)

    def calibrated_printers(self) -> list[str]:
        """The printers this workstation keeps a calibration for, by name."""
        names = [
            str(self._settings.value(f"calibration/{key}/printer", key))
            for key in _groups(self._settings, "calibration")
        ]
        return sorted(names, key=str.casefold)

    def remembered(self) -> dict[DocumentKind, tuple[str, str | None]]:
        """Each kind of document with the printer and tray last used for it."""
        found: dict[DocumentKind, tuple[str, str | None]] = {}
        for kind in DocumentKind:
            printer = self.printer_for(kind)
            if printer:
                found[kind] = (printer, self.tray_for(kind))
        return found

    def sync(self) -> None:
        """Write through to disk now (QSettings otherwise writes when it sees fit)."""
        self._settings.sync()


def carry_over(own: QSettings, shared: QSettings) -> int:
    """Copy a login's own printing settings into the shared file, once per login; returns
    how many printers and kinds were copied. What the shared file knows already wins:
    a printer's calibration is copied whole or not at all."""
    target = shared.fileName()
    if own.fileName() == target or str(own.value(CARRIED_OVER_KEY, "")) == target:
        return 0
    copied = 0
    for group in _groups(own, "calibration"):
        copied += _copy_group(own, shared, f"calibration/{group}")
    for kind in DocumentKind:
        copied += _copy_group(own, shared, f"printing/{kind.value}")
    if own.contains("printing/preview_first") and not shared.contains("printing/preview_first"):
        shared.setValue("printing/preview_first", own.value("printing/preview_first"))
    shared.sync()
    if shared.status() != QSettings.Status.NoError:
        log.warning("printer settings: could not carry this login's over to %s", target)
        return 0  # tried again next time
    own.setValue(CARRIED_OVER_KEY, target)
    own.sync()
    if copied:
        log.info("printer settings: carried %d from %s over to %s", copied, own.fileName(), target)
    return copied


def _copy_group(own: QSettings, shared: QSettings, group: str) -> int:
    keys = [key for key in own.allKeys() if key.startswith(group + "/")]
    if not keys or any(shared.contains(key) for key in keys):
        return 0
    for key in keys:
        shared.setValue(key, own.value(key))
    return 1


def _groups(settings: QSettings, parent: str) -> list[str]:
    settings.beginGroup(parent)
    try:
        return list(settings.childGroups())
    finally:
        settings.endGroup()


def _key(printer: str) -> str:
    # QSettings treats "/" and "\\" as group separators; a printer name may hold either.
    return printer.replace("/", "_").replace("\\", "_") or "default"

"""What each workstation remembers about printing (QSettings, never the shared database):
the printer and tray per kind of document, preview first or print at once, and each
printer's label calibration."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from clerkdesk.reports.calibration import NO_CALIBRATION, Calibration
from clerkdesk.ui.printing.jobs import DocumentKind


class PrintSettings:
    def __init__(self, settings: QSettings | None = None) -> None:
        self._settings = settings or QSettings()

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
        self._settings.beginGroup("calibration")
        try:
            keys = self._settings.childGroups()
        finally:
            self._settings.endGroup()
        names = [str(self._settings.value(f"calibration/{key}/printer", key)) for key in keys]
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


def _key(printer: str) -> str:
    # QSettings treats "/" and "\\" as group separators; a printer name may hold either.
    return printer.replace("/", "_").replace("\\", "_") or "default"

"""Printer calibration and remembered printers belong to the workstation: every login on the
computer shares one file, and what a login kept in its own settings before is carried over
once, so an office loses no calibration."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from clerkdesk.reports.calibration import Calibration
from clerkdesk.ui.printing.jobs import DocumentKind
from clerkdesk.ui.printing.settings import CARRIED_OVER_KEY, PrintSettings, carry_over
from clerkdesk.ui.views.settings.printing import PrintingPage

LASER = Calibration(1.5, -0.5, 1.002)
LABELS = Calibration(0.5, 0.25, 1.0)


def _ini(path: Path) -> QSettings:
    return QSettings(str(path), QSettings.Format.IniFormat)


def _login(path: Path, **calibrations: Calibration) -> QSettings:
    """A login's own settings as an earlier ClerkDesk left them."""
    own = PrintSettings(_ini(path))
    for printer, calibration in calibrations.items():
        own.set_calibration(printer.replace("_", " "), calibration)
    own.sync()
    return _ini(path)


def test_by_default_the_settings_are_the_machines_shared_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLERKDESK_SITE_DATA_DIR", str(tmp_path / "machine"))
    first = PrintSettings()
    assert first.store is not None and first.store.shared
    assert Path(first.location) == tmp_path / "machine" / "printers.ini"
    first.set_calibration("Front desk laser", LASER)
    first.remember(DocumentKind.TAG_LABELS, "Front desk laser", "Lower")
    first.sync()

    again = PrintSettings()
    assert again.calibration("Front desk laser") == LASER
    assert again.printer_for(DocumentKind.TAG_LABELS) == "Front desk laser"


def test_a_logins_own_settings_are_carried_over_once(tmp_path: Path) -> None:
    # GIVEN a login calibrated a printer and chose printers in an earlier version
    own = _login(tmp_path / "ann.ini", Front_laser=LASER)
    earlier = PrintSettings(_ini(tmp_path / "ann.ini"))
    earlier.remember(DocumentKind.RECEIPT, "Receipt printer", None)
    earlier.preview_first = False
    earlier.sync()
    shared = _ini(tmp_path / "printers.ini")

    # WHEN it first opens the shared file
    assert carry_over(_ini(tmp_path / "ann.ini"), shared) == 2

    # THEN the shared file has it all, and the login is marked as carried over
    settings = PrintSettings(_ini(tmp_path / "printers.ini"))
    assert settings.calibration("Front laser") == LASER
    assert settings.calibrated_printers() == ["Front laser"]
    assert settings.printer_for(DocumentKind.RECEIPT) == "Receipt printer"
    assert not settings.preview_first
    own = _ini(tmp_path / "ann.ini")
    assert own.value(CARRIED_OVER_KEY) == shared.fileName()

    # AND a second time copies nothing, even what the login changed since
    PrintSettings(own).set_calibration("Back laser", LABELS)
    own.sync()
    assert carry_over(_ini(tmp_path / "ann.ini"), _ini(tmp_path / "printers.ini")) == 0
    assert PrintSettings(_ini(tmp_path / "printers.ini")).calibrated_printers() == ["Front laser"]


def test_what_the_shared_file_knows_wins_and_two_logins_add_up(tmp_path: Path) -> None:
    # GIVEN Ann's calibration of the laser is in the shared file already
    carry_over(_login(tmp_path / "ann.ini", Laser=LASER), _ini(tmp_path / "printers.ini"))

    # WHEN Bob, who calibrated the laser differently and the label printer too, carries over
    bob = _login(tmp_path / "bob.ini", Laser=Calibration(9.0, 9.0, 1.0), Labels=LABELS)
    assert carry_over(bob, _ini(tmp_path / "printers.ini")) == 1

    # THEN the laser keeps the shared calibration, and the label printer is added
    settings = PrintSettings(_ini(tmp_path / "printers.ini"))
    assert settings.calibration("Laser") == LASER
    assert settings.calibration("Labels") == LABELS
    assert settings.calibrated_printers() == ["Labels", "Laser"]


def test_settings_printing_says_whether_every_login_shares_them(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLERKDESK_SITE_DATA_DIR", str(tmp_path / "machine"))
    page = PrintingPage()
    qtbot.addWidget(page)
    assert "Everyone who signs in to this computer shares them." in _heading(page)

    # GIVEN the shared folder cannot be made (a file stands in its way)
    (tmp_path / "blocked").write_text("not a folder")
    monkeypatch.setenv("CLERKDESK_SITE_DATA_DIR", str(tmp_path / "blocked"))
    page = PrintingPage()
    qtbot.addWidget(page)
    assert (
        "Only your sign-in to this computer uses them: it cannot change the file every "
        f"sign-in shares ({tmp_path / 'blocked' / 'printers.ini'}); ask IT" in _heading(page)
    )


def _heading(page: PrintingPage) -> str:
    return " ".join(label.text() for label in page.findChildren(QLabel))

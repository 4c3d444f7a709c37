"""What a workstation remembers about printing survives a restart (a QSettings file)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from clerkdesk.reports.calibration import NO_CALIBRATION, Calibration
from clerkdesk.ui.printing.jobs import DocumentKind
from clerkdesk.ui.printing.settings import PrintSettings


def _settings(path: Path) -> PrintSettings:
    return PrintSettings(QSettings(str(path), QSettings.Format.IniFormat))


def test_printer_and_tray_are_kept_per_kind_of_document(tmp_path: Path) -> None:
    ini = tmp_path / "workstation.ini"
    first = _settings(ini)
    first.remember(DocumentKind.TAG_LABELS, "Front desk laser", "Lower")
    first.remember(DocumentKind.RECEIPT, "Receipt printer", None)
    first.sync()
    again = _settings(ini)
    assert again.printer_for(DocumentKind.TAG_LABELS) == "Front desk laser"
    assert again.tray_for(DocumentKind.TAG_LABELS) == "Lower"
    assert again.printer_for(DocumentKind.RECEIPT) == "Receipt printer"
    assert again.tray_for(DocumentKind.RECEIPT) is None
    assert again.printer_for(DocumentKind.CERTIFICATE) is None
    assert again.remembered() == {
        DocumentKind.RECEIPT: ("Receipt printer", None),
        DocumentKind.TAG_LABELS: ("Front desk laser", "Lower"),
    }


def test_preview_first_is_the_default_and_can_be_turned_off(tmp_path: Path) -> None:
    ini = tmp_path / "workstation.ini"
    settings = _settings(ini)
    assert settings.preview_first
    settings.preview_first = False
    settings.sync()
    assert not _settings(ini).preview_first


def test_each_printer_keeps_its_own_calibration(tmp_path: Path) -> None:
    ini = tmp_path / "workstation.ini"
    settings = _settings(ini)
    settings.set_calibration("HP LaserJet 4/Front", Calibration(1.5, -0.5, 1.002))
    settings.set_calibration("PDF file", Calibration(2.0, -1.0, 1.0))
    settings.sync()
    again = _settings(ini)
    assert again.calibration("HP LaserJet 4/Front") == Calibration(1.5, -0.5, 1.002)
    assert again.calibration("PDF file") == Calibration(2.0, -1.0, 1.0)
    assert again.calibration("Never calibrated") == NO_CALIBRATION
    assert again.calibrated_printers() == ["HP LaserJet 4/Front", "PDF file"]


def test_a_hand_edited_calibration_prints_uncalibrated(tmp_path: Path) -> None:
    ini = tmp_path / "workstation.ini"
    ini.write_text("[calibration]\nLaser\\offset_x_mm=two\n", encoding="utf-8")
    assert _settings(ini).calibration("Laser") == NO_CALIBRATION

"""Settings → Printing: preview first or print at once, and each printer's calibration,
kept on this computer."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from clerkdesk.reports.calibration import Calibration
from clerkdesk.ui.printing.jobs import DocumentKind
from clerkdesk.ui.printing.printer import PDF_FILE
from clerkdesk.ui.printing.settings import PrintSettings
from clerkdesk.ui.views.settings.printing import PrintingPage


@pytest.fixture
def ini(tmp_path: Path) -> Path:
    return tmp_path / "workstation.ini"


def _settings(ini: Path) -> PrintSettings:
    return PrintSettings(QSettings(str(ini), QSettings.Format.IniFormat))


@pytest.fixture
def page(qtbot: QtBot, ini: Path) -> PrintingPage:
    settings = _settings(ini)
    settings.remember(DocumentKind.RECEIPT, "Counter printer", "Auto")
    shown = PrintingPage(settings=settings)
    qtbot.addWidget(shown)
    shown.resize(900, 600)
    shown.show()
    qtbot.waitExposed(shown)
    shown.activateWindow()
    qtbot.waitActive(shown)
    return shown


def test_turning_off_the_preview_is_kept_for_next_time(
    qtbot: QtBot, page: PrintingPage, ini: Path
) -> None:
    assert page.preview_first.isChecked()
    page.preview_first.setFocus()
    qtbot.keyClick(page.preview_first, Qt.Key.Key_Space)
    assert not page.preview_first.isChecked()
    assert not _settings(ini).preview_first


def test_a_printers_calibration_is_typed_and_saved_with_ctrl_s(
    qtbot: QtBot, page: PrintingPage, ini: Path
) -> None:
    page.printer.setCurrentIndex(page.printer.findText(PDF_FILE))
    for spin, text in ((page.offset_x, "1.5"), (page.offset_y, "-0.8"), (page.scale, "1.004")):
        spin.setFocus()
        spin.selectAll()
        qtbot.keyClicks(spin, text)
    assert (page.offset_x.value(), page.offset_y.value(), page.scale.value()) == (1.5, -0.8, 1.004)
    qtbot.keyClick(page.scale, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: page.saved.text() != "")  # a button's shortcut clicks it animated
    assert _settings(ini).calibration(PDF_FILE) == Calibration(1.5, -0.8, 1.004)
    assert page.saved.text() == ("Saved for PDF file: +1.5 mm right, -0.8 mm down, scale 1.004.")


def test_the_printer_each_document_went_to_is_shown(page: PrintingPage) -> None:
    assert page.remembered.text() == "Receipts: Counter printer"

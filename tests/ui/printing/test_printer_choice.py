"""The printer dialog offers the printer and tray this workstation last used for the kind of
document; a printer that is gone is not offered, and a PDF file is never remembered."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtPrintSupport import QPrinter, QPrinterInfo
from PySide6.QtWidgets import QApplication

from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob
from clerkdesk.ui.printing.printer import prepare, remember
from clerkdesk.ui.printing.settings import PrintSettings
from printing_support import pdf_printer

JOB = PrintJob("Tags", DocumentKind.TAG_LABELS, Path("labels.pdf"))


@pytest.fixture
def settings(tmp_path: Path) -> PrintSettings:
    return PrintSettings(QSettings(str(tmp_path / "printing.ini"), QSettings.Format.IniFormat))


def test_the_tray_last_used_is_offered_again(
    qapp: QApplication, settings: PrintSettings, tmp_path: Path
) -> None:
    settings.remember(DocumentKind.TAG_LABELS, "Gone printer", "Manual")
    printer = QPrinter()
    before = printer.printerName()
    prepare(printer, JOB, settings)
    assert printer.paperSource() == QPrinter.PaperSource.Manual
    assert "Gone printer" not in QPrinterInfo.availablePrinterNames()
    assert printer.printerName() == before  # a printer no longer installed is not forced


def test_printing_to_a_pdf_file_is_not_remembered_as_a_printer(
    qapp: QApplication, settings: PrintSettings, tmp_path: Path
) -> None:
    remember(pdf_printer(tmp_path / "out.pdf"), JOB, settings)
    assert settings.printer_for(DocumentKind.TAG_LABELS) is None


def test_an_unknown_tray_name_is_ignored(qapp: QApplication, settings: PrintSettings) -> None:
    settings.remember(DocumentKind.TAG_LABELS, "Front desk", "Drawer 9")
    printer = QPrinter()
    source = printer.paperSource()
    prepare(printer, JOB, settings)
    assert printer.paperSource() == source

"""From a PDF to the printer: at the document's own paper size, at 100%, full page.

``print_to`` draws a job on a QPrinter the caller set up (tests give it a PDF printer);
``print_with_dialog`` asks the clerk for the printer first, offering the one this
workstation last used for that kind of document, and remembers the choice.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QMarginsF, QSizeF
from PySide6.QtGui import QPageLayout, QPageSize, QPainter
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrinterInfo
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from clerkdesk.reports.calibration import NO_CALIBRATION, Calibration
from clerkdesk.ui.printing.jobs import PrintJob
from clerkdesk.ui.printing.settings import PrintSettings
from clerkdesk.ui.printing.vector import PdfPainter

log = logging.getLogger(__name__)


class PrintFailed(Exception):
    """The printer could not be started (no printer, a file that cannot be written)."""


def page_layout(width: float, height: float) -> QPageLayout:
    """The document's own paper (points) with no margins: Letter stays Letter."""
    portrait = QSizeF(min(width, height), max(width, height))
    size = QPageSize(portrait, QPageSize.Unit.Point, "", QPageSize.SizeMatchPolicy.FuzzyMatch)
    if abs(size.sizePoints().width() - portrait.width()) > 0.5 or (
        abs(size.sizePoints().height() - portrait.height()) > 0.5
    ):
        size = QPageSize(portrait, QPageSize.Unit.Point, "", QPageSize.SizeMatchPolicy.ExactMatch)
    orientation = (
        QPageLayout.Orientation.Landscape if width > height else QPageLayout.Orientation.Portrait
    )
    return QPageLayout(size, orientation, QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Point)


def calibration_for(job: PrintJob, printer: QPrinter, settings: PrintSettings) -> Calibration:
    """The workstation's calibration for this printer, for label stock only."""
    if not job.label_sheet:
        return NO_CALIBRATION
    return settings.calibration(printer_key(printer))


PDF_FILE = "PDF file"


def printer_key(printer: QPrinter) -> str:
    """The name a printer's calibration is kept under; printing to a PDF file counts as one
    printer of its own."""
    if printer.outputFormat() == QPrinter.OutputFormat.PdfFormat:
        return PDF_FILE
    return printer.printerName()


def chosen_pages(printer: QPrinter, count: int) -> list[int]:
    """The pages (0-based) the clerk asked for in the printer dialog: all, or a range."""
    if printer.printRange() == QPrinter.PrintRange.PageRange and printer.fromPage() > 0:
        first = min(printer.fromPage(), count)
        last = min(printer.toPage() or count, count)
        return list(range(first - 1, max(first, last)))
    return list(range(count))


def print_to(
    printer: QPrinter, job: PrintJob, calibration: Calibration = NO_CALIBRATION
) -> list[int]:
    """Every page of the job on ``printer``, each at its own size; the pages (0-based) that
    had to go as pictures, if any."""
    document = PdfPainter(job.path)
    try:
        if not len(document):
            raise PrintFailed(f"{job.path.name} has no pages")
        pages = chosen_pages(printer, len(document))
        printer.setDocName(job.title)
        printer.setFullPage(True)
        printer.setPageLayout(page_layout(*document.page_size(pages[0])))
        painter = QPainter()
        if not painter.begin(printer):
            where = printer.printerName() or printer.outputFileName()
            raise PrintFailed(f"The printer could not start ({where}).")
        try:
            for number, index in enumerate(pages):
                if number:
                    printer.setPageLayout(page_layout(*document.page_size(index)))
                    printer.newPage()
                document.draw(painter, index, calibration)
        finally:
            painter.end()
        if document.pictures:
            log.warning("%s: %d page(s) printed as pictures", job.title, len(document.pictures))
        return document.pictures
    finally:
        document.close()


def prepare(printer: QPrinter, job: PrintJob, settings: PrintSettings) -> None:
    """Offer the printer and tray this workstation last used for this kind of document."""
    name = settings.printer_for(job.kind)
    if name and name in QPrinterInfo.availablePrinterNames():
        printer.setPrinterName(name)
    tray = settings.tray_for(job.kind)
    if tray and tray in QPrinter.PaperSource.__members__:
        printer.setPaperSource(QPrinter.PaperSource[tray])


def remember(printer: QPrinter, job: PrintJob, settings: PrintSettings) -> None:
    if printer.outputFormat() != QPrinter.OutputFormat.NativeFormat:
        return  # a PDF file is not a printer to offer next time
    settings.remember(job.kind, printer.printerName(), printer.paperSource().name)


def print_with_dialog(
    parent: QWidget | None, job: PrintJob, settings: PrintSettings | None = None
) -> bool | Path:
    """The system's printer dialog, then every page of the job at actual size. The file's
    full path when the clerk chose Print to file, so the message can say where it went."""
    settings = settings or PrintSettings()
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(job.title)
    prepare(printer, job, settings)
    chooser = QPrintDialog(printer, parent)
    chooser.setWindowTitle(f"Print {job.title}")
    chooser.setAccessibleName(f"Print {job.title}")
    if chooser.exec() != QDialog.DialogCode.Accepted:
        return False
    try:
        print_to(printer, job, calibration_for(job, printer, settings))
    except PrintFailed as problem:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "Not printed",
            f"{problem}\n\nThe document is kept as {job.path}.",
            QMessageBox.StandardButton.Ok,
            parent,
        )
        box.setAccessibleName("Not printed")
        box.exec()
        return False
    remember(printer, job, settings)
    return file_printed(printer) or True


def file_printed(printer: QPrinter) -> Path | None:
    """Where a printer set to Print to file wrote (None for a real printer)."""
    name = printer.outputFileName()
    if printer.outputFormat() != QPrinter.OutputFormat.PdfFormat or not name:
        return None
    return Path(name).expanduser().absolute()

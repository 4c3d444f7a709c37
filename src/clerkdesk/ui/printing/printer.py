"""From a PDF to the system printer the clerk chooses."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtWidgets import QDialog, QWidget

from clerkdesk.ui.printing.jobs import PrintJob


def print_with_dialog(parent: QWidget | None, job: PrintJob) -> bool:
    """The system's printer dialog, then every page of the job drawn to the printer."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(job.title)
    chooser = QPrintDialog(printer, parent)
    if chooser.exec() != QDialog.DialogCode.Accepted:
        return False
    document = QPdfDocument()
    document.load(str(job.path))
    painter = QPainter(printer)
    try:
        for page in range(document.pageCount()):
            if page:
                printer.newPage()
            area = printer.pageRect(QPrinter.Unit.DevicePixel).size().toSize()
            image = document.render(page, area)
            painter.drawImage(QPointF(0, 0), image)
    finally:
        painter.end()
        document.close()
    return True

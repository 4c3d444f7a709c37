"""After a sale: the receipt and the license certificates as PDFs in the user's data
folder, shown in a preview with Print… (the printer dialog goes through ``Dialogs``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QGuiApplication, QKeySequence, QPainter, QShortcut
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.db.database import Database
from clerkdesk.paths import user_data_dir
from clerkdesk.ui.dialogs import Dialogs
from clerkdesk.ui.elide import ElidedLabel


@dataclass(frozen=True)
class PrintedDocuments:
    receipt_label: str
    receipt: Path
    certificates: Path | None


def documents_dir() -> Path:
    return user_data_dir() / "documents"


def _safe(label: str) -> str:
    return re.sub(r"[^0-9A-Za-z_-]+", "-", label).strip("-") or "receipt"


def write_documents(
    database: Database, receipt_id: int, *, folder: Path | None = None
) -> PrintedDocuments:
    """Render the receipt and its certificates; for the task runner (no widgets)."""
    from clerkdesk.reports.certificate_pdf import render_certificates
    from clerkdesk.reports.receipt_pdf import render_receipt
    from clerkdesk.services.documents import license_certificates, receipt_document

    folder = folder or documents_dir()
    folder.mkdir(parents=True, exist_ok=True)
    receipt = receipt_document(database, receipt_id)
    name = _safe(receipt.label)
    receipt_path = folder / f"receipt-{name}.pdf"
    receipt_path.write_bytes(render_receipt(receipt))
    certificates = license_certificates(database, receipt_id)
    certificates_path = None
    if certificates:
        certificates_path = folder / f"licenses-{name}.pdf"
        certificates_path.write_bytes(render_certificates(certificates))
    return PrintedDocuments(receipt.label, receipt_path, certificates_path)


def print_with_dialog(parent: QWidget | None, path: Path) -> bool:
    """The system's printer dialog, then every page of ``path`` drawn to the printer."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    chooser = QPrintDialog(printer, parent)
    if chooser.exec() != QDialog.DialogCode.Accepted:
        return False
    document = QPdfDocument()
    document.load(str(path))
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


class _Preview(QWidget):
    def __init__(self, title: str, path: Path, parent: QWidget) -> None:
        super().__init__(parent)
        self.path = path
        self.setAccessibleName(title)
        self.document = QPdfDocument(self)
        self.document.load(str(path))
        self.view = QPdfView(self)
        self.view.setAccessibleName(f"{title} preview")
        self.view.setDocument(self.document)
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)


# A letter page at a readable width; less on a small screen.
PREFERRED = QSize(820, 900)
# What the window manager's frame and a taskbar take from the screen.
FRAME = QSize(40, 60)


def fitting(wanted: QSize, parent: QWidget | None) -> QSize:
    """``wanted``, or as much of it as fits on the screen the dialog opens on."""
    screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
    if screen is None:
        return wanted
    room = screen.availableGeometry().size() - FRAME
    return wanted.boundedTo(room)


class PrintPreview(QDialog):
    """The receipt and the certificates, a tab each; Ctrl+P prints the one shown."""

    def __init__(self, printed: PrintedDocuments, dialogs: Dialogs, parent: QWidget) -> None:
        super().__init__(parent)
        self.printed, self.dialogs = printed, dialogs
        title = f"Receipt {printed.receipt_label}"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.resize(fitting(PREFERRED, parent))
        layout = QVBoxLayout(self)
        # A deep data folder keeps its start and its end; the tooltip has all of it.
        where = ElidedLabel(
            f"Saved in {printed.receipt.parent}",
            self,
            role="Where the documents were saved",
            mode=Qt.TextElideMode.ElideMiddle,
            hint_width=PREFERRED.width() - 40,
        )
        where.setObjectName("ViewHint")
        self.tabs = QTabWidget(self)
        self.tabs.setAccessibleName("Documents")
        self.tabs.addTab(_Preview("Receipt", printed.receipt, self), "Receipt")
        if printed.certificates is not None:
            self.tabs.addTab(
                _Preview("License certificates", printed.certificates, self),
                "License certificates",
            )
        self.message = QLabel("", self)
        self.message.setAccessibleName("Printing message")
        self.message.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.message, 1)
        self.print_button = QPushButton("Print…  Ctrl+P", self)
        self.print_button.setAccessibleName("Print")
        self.print_button.setAutoDefault(False)
        self.print_button.clicked.connect(self.print_current)
        self.print_all_button = QPushButton("Print all", self)
        self.print_all_button.setAccessibleName("Print all")
        self.print_all_button.setAutoDefault(False)
        self.print_all_button.clicked.connect(self.print_all)
        close = QPushButton("Close  Esc", self)
        close.setAccessibleName("Close")
        close.setDefault(True)
        close.clicked.connect(self.accept)
        for button in (self.print_button, self.print_all_button, close):
            buttons.addWidget(button)
        layout.addWidget(where)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(buttons)
        shortcut = QShortcut(QKeySequence("Ctrl+P"), self)
        shortcut.activated.connect(self.print_current)

    def paths(self) -> list[Path]:
        return [p for p in (self.printed.receipt, self.printed.certificates) if p is not None]

    def print_current(self) -> None:
        page = self.tabs.currentWidget()
        if isinstance(page, _Preview) and self.dialogs.print_pdf(self, page.path):
            self.message.setText(f"Sent {page.path.name} to the printer.")

    def print_all(self) -> None:
        sent = [p.name for p in self.paths() if self.dialogs.print_pdf(self, p)]
        if sent:
            self.message.setText(f"Sent {', '.join(sent)} to the printer.")

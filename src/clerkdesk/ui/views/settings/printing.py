"""Settings → Printing: what this workstation does when a document is printed.

Kept on this computer only (printers.ini, shared by every login on it), never in the shared
database: whether a preview comes first, each printer's label calibration, and the printer
each kind of document last went to.
"""

from __future__ import annotations

from PySide6.QtGui import QKeySequence
from PySide6.QtPrintSupport import QPrinterInfo
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.reports.calibration import Calibration
from clerkdesk.ui.printing.jobs import DocumentKind
from clerkdesk.ui.printing.printer import PDF_FILE
from clerkdesk.ui.printing.settings import PrintSettings

SAVE_KEYS = "Ctrl+S"
KIND_WORDS = {
    DocumentKind.RECEIPT: "Receipts",
    DocumentKind.CERTIFICATE: "License certificates",
    DocumentKind.TAG_LABELS: "Tag labels",
    DocumentKind.CALIBRATION: "Calibration pages",
    DocumentKind.REPORT: "Reports",
}


def _spin(
    name: str, low: float, high: float, step: float, decimals: int, suffix: str, parent: QWidget
) -> QDoubleSpinBox:
    spin = QDoubleSpinBox(parent)
    spin.setAccessibleName(name)
    spin.setRange(low, high)
    spin.setSingleStep(step)
    spin.setDecimals(decimals)
    spin.setSuffix(suffix)
    spin.setMaximumWidth(160)
    return spin


def _shared_words(settings: PrintSettings) -> str:
    store = settings.store
    if store is None:
        return ""
    if store.shared:
        return " Everyone who signs in to this computer shares them."
    return (
        " Only your sign-in to this computer uses them: it cannot change the file every "
        f"sign-in shares ({store.shared_path}); ask IT to let every sign-in change it."
    )


class PrintingPage(QWidget):
    def __init__(
        self, parent: QWidget | None = None, settings: PrintSettings | None = None
    ) -> None:
        super().__init__(parent)
        self.setAccessibleName("Printing")
        self.settings = settings or PrintSettings()
        heading = QLabel(
            "These settings belong to this computer only: each workstation keeps its own "
            "printers, and other workstations are not changed." + _shared_words(self.settings),
            self,
        )
        heading.setObjectName("ViewHint")
        heading.setWordWrap(True)

        self.preview_first = QCheckBox(
            "Show a &preview before printing (otherwise documents go straight to the printer)",
            self,
        )
        self.preview_first.setAccessibleName("Preview before printing")
        self.preview_first.setChecked(self.settings.preview_first)
        self.preview_first.toggled.connect(self._preview_toggled)

        calibration = QGroupBox("Label calibration, per printer", self)
        calibration.setAccessibleName("Label calibration")
        explain = QLabel(
            "Only label sheets are moved by these values; receipts and certificates always "
            "print exactly as drawn. Print the calibration page on this printer, measure how "
            "far its marks landed from where the page says they should be, and type the "
            "correction: a positive value moves the print right or down. Scale corrects a "
            "printer that stretches the page (1.000 = actual size).",
            calibration,
        )
        explain.setWordWrap(True)
        self.printer = QComboBox(calibration)
        self.printer.setAccessibleName("Printer")
        self.printer.setEditable(False)
        self.printer.setMaximumWidth(420)
        self.offset_x = _spin("Move right", -20, 20, 0.1, 1, " mm", calibration)
        self.offset_y = _spin("Move down", -20, 20, 0.1, 1, " mm", calibration)
        self.scale = _spin("Scale", 0.9, 1.1, 0.001, 3, "", calibration)
        self.save_button = QPushButton(f"Save calibration  {SAVE_KEYS}", calibration)
        self.save_button.setAccessibleName("Save calibration")
        self.save_button.setShortcut(QKeySequence(SAVE_KEYS))
        self.save_button.setAutoDefault(False)
        self.save_button.clicked.connect(self.save_calibration)
        self.saved = QLabel("", calibration)
        self.saved.setAccessibleName("Calibration message")
        self.saved.setWordWrap(True)
        form = QFormLayout()
        form.addRow("P&rinter:", self.printer)
        form.addRow("Move &right:", self.offset_x)
        form.addRow("Move &down:", self.offset_y)
        form.addRow("&Scale:", self.scale)
        save_row = QHBoxLayout()
        save_row.addWidget(self.save_button)
        save_row.addWidget(self.saved, 1)
        inner = QVBoxLayout(calibration)
        inner.addWidget(explain)
        inner.addLayout(form)
        inner.addLayout(save_row)

        remembered = QGroupBox("Printer last used, per kind of document", self)
        remembered.setAccessibleName("Printers remembered")
        self.remembered = QLabel("", remembered)
        self.remembered.setAccessibleName("Printer last used for each kind of document")
        self.remembered.setWordWrap(True)
        QVBoxLayout(remembered).addWidget(self.remembered)

        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.preview_first)
        layout.addWidget(calibration)
        layout.addWidget(remembered)
        layout.addStretch(1)

        self.printer.currentTextChanged.connect(self._show_calibration)
        self.reload()

    def reload(self) -> None:
        names = list(QPrinterInfo.availablePrinterNames())
        for name in [*self.settings.calibrated_printers(), PDF_FILE]:
            if name not in names:
                names.append(name)
        current = self.printer.currentText()
        self.printer.blockSignals(True)
        self.printer.clear()
        self.printer.addItems(names)
        default = QPrinterInfo.defaultPrinterName()
        chosen = current or default or names[0]
        self.printer.setCurrentIndex(max(0, self.printer.findText(chosen)))
        self.printer.blockSignals(False)
        self._show_calibration(self.printer.currentText())
        self._show_remembered()

    def _show_calibration(self, printer: str) -> None:
        values = self.settings.calibration(printer)
        self.offset_x.setValue(values.offset_x_mm)
        self.offset_y.setValue(values.offset_y_mm)
        self.scale.setValue(values.scale)
        self.saved.setText("")

    def _show_remembered(self) -> None:
        rows = []
        for kind, (printer, tray) in self.settings.remembered().items():
            where = f"{printer}, tray {tray}" if tray and tray != "Auto" else printer
            rows.append(f"{KIND_WORDS[kind]}: {where}")
        self.remembered.setText(
            "\n".join(rows)
            or "Nothing printed on this computer yet; the printer chosen for "
            "each kind of document is offered again next time."
        )

    def _preview_toggled(self, on: bool) -> None:
        self.settings.preview_first = on
        self.settings.sync()

    def save_calibration(self) -> None:
        printer = self.printer.currentText()
        values = Calibration(
            round(self.offset_x.value(), 1),
            round(self.offset_y.value(), 1),
            round(self.scale.value(), 3),
        )
        self.settings.set_calibration(printer, values)
        self.settings.sync()
        self.saved.setText(
            f"Saved for {printer}: {values.offset_x_mm:+.1f} mm right, "
            f"{values.offset_y_mm:+.1f} mm down, scale {values.scale:.3f}."
        )

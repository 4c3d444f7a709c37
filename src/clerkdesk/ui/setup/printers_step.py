"""Step 6 (optional): the printer each kind of document goes to on this computer, kept
where Settings → Printing and the print dialog keep it (``PrintSettings``), never in the
shared database. No printer is needed to go on: the print dialog asks when none is chosen."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrinterInfo
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QHBoxLayout, QLabel, QWidget

from clerkdesk.services.office_setup import OfficeSetup, SetupStep
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.printing.jobs import DocumentKind
from clerkdesk.ui.printing.settings import PrintSettings
from clerkdesk.ui.setup.step_page import StepPage, narrow

ASK = "Ask each time (the print dialog)"
KINDS = (
    (DocumentKind.CERTIFICATE, "&Certificates:"),
    (DocumentKind.RECEIPT, "Rece&ipts:"),
    (DocumentKind.TAG_LABELS, "Tag la&bels:"),
)


def kinds_remembered(settings: PrintSettings) -> list[DocumentKind]:
    return [kind for kind, _label in KINDS if settings.printer_for(kind)]


class PrintersStep(StepPage):
    def __init__(
        self, ctx: UiContext, parent: QWidget, settings: PrintSettings | None = None
    ) -> None:
        super().__init__(
            ctx,
            SetupStep.PRINTERS,
            "The printer each kind of document goes to from this computer; the print dialog "
            "offers it first. It belongs to this computer, not to the shared database: each "
            "workstation chooses its own, here or in Settings → Printing. Skip it to choose "
            "at the first print.",
            parent,
        )
        self.settings = settings or PrintSettings()
        names = list(QPrinterInfo.availablePrinterNames())
        self.no_printer = QLabel(
            "No printer is installed on this computer yet: documents can still be previewed "
            "and saved as PDF files, and a printer added later is offered in the print dialog.",
            self,
        )
        self.no_printer.setWordWrap(True)
        self.no_printer.setObjectName("ViewHint")
        self.no_printer.setVisible(not names)
        self.body.addWidget(self.no_printer)
        form = QFormLayout()
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.printers: dict[DocumentKind, QComboBox] = {}
        default = QPrinterInfo.defaultPrinterName()
        for kind, label in KINDS:
            box = QComboBox(self)
            box.setAccessibleName(f"Printer for {label.replace('&', '').rstrip(':').lower()}")
            box.addItem(ASK, "")
            for name in names:
                box.addItem(name, name)
            chosen = self.settings.printer_for(kind) or default
            box.setCurrentIndex(max(0, box.findData(chosen)))
            form.addRow(label, box)
            self.printers[kind] = box
        self.preview_first = QCheckBox(
            "Show a &preview before printing (otherwise documents go straight to the printer)",
            self,
        )
        self.preview_first.setAccessibleName("Preview before printing")
        self.preview_first.setChecked(self.settings.preview_first)
        form.addRow("", self.preview_first)
        self.save_button = self.button("Save the printers  Enter", "Save the printers", self.submit)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.save_button)
        form.addRow("", row)
        self.body.addWidget(narrow(form, self))

    def show_state(self, state: OfficeSetup) -> None:
        chosen = [
            f"{label.replace('&', '').rstrip(':')} → {self.settings.printer_for(kind)}"
            for kind, label in KINDS
            if self.settings.printer_for(kind)
        ]
        self.show_done("; ".join(chosen) + "." if chosen else "")

    def is_done(self) -> bool:
        return bool(kinds_remembered(self.settings))

    def first_focus(self) -> QWidget | None:
        return self.printers[DocumentKind.CERTIFICATE]

    def submit(self) -> None:
        for kind, box in self.printers.items():
            # An empty printer forgets the kind's: the print dialog asks again.
            self.settings.remember(kind, str(box.currentData() or ""), None)
        self.settings.preview_first = self.preview_first.isChecked()
        self.settings.sync()
        chosen = len(kinds_remembered(self.settings))
        self.saved.emit(
            f"Saved on this computer: {chosen} kind{'s' * (chosen != 1)} of document with "
            "a printer of their own."
            if chosen
            else "Saved on this computer: the print dialog asks for the printer each time."
        )

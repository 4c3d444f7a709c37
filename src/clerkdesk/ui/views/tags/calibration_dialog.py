"""Calibrate printer…: print the calibration page, measure it, and keep how far this
printer's labels must move (and scale) on this workstation.

The three measurements the page asks for fill in the offsets and the scale; the clerk may
also type those directly. Saved per printer in the workstation's settings, never in the
shared database: each desk's printer is its own.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRegularExpression, Signal
from PySide6.QtGui import QKeySequence, QRegularExpressionValidator, QShortcut
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPushButton, QWidget

from clerkdesk.errors import ValidationError
from clerkdesk.reports.calibration import Calibration
from clerkdesk.reports.calibration_page import CROSS_INSET, corrected, span_mm
from clerkdesk.reports.label_sheets import MM, SheetTemplate
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import BadInput, say
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob, documents_dir
from clerkdesk.ui.printing.settings import PrintSettings

ACTION = "Save for this printer  Enter"
PRINT_KEYS = "Ctrl+P"
NO_PRINTER = ""
MAX_OFFSET = 25.0
SCALES = (0.8, 1.2)
_MEASURED = ("measured_left", "measured_top", "measured_span")


def printer_names() -> list[str]:
    from PySide6.QtPrintSupport import QPrinterInfo

    return list(QPrinterInfo.availablePrinterNames())


def _number(text: str) -> float | None:
    try:
        value = float(text.replace(",", ".").replace("−", "-").strip())
    except ValueError:
        return None
    return value if math.isfinite(value) else None


class CalibrationDialog(FormDialog):
    """``saved`` carries (printer name, the Calibration kept for it)."""

    printed = Signal(object)

    def __init__(
        self,
        ctx: UiContext,
        templates: tuple[SheetTemplate, ...],
        parent: QWidget | None = None,
        *,
        settings: PrintSettings | None = None,
        printers: list[str] | None = None,
        folder: Path | None = None,
    ) -> None:
        super().__init__(ctx, "Calibrate printer", ACTION, parent)
        self.settings = settings or PrintSettings()
        self.folder = folder
        self.add_intro(
            "1. Print the calibration page on plain paper with the printer you print labels "
            f"on ({PRINT_KEYS}). 2. Measure the three distances it asks for and type them "
            "below: the offsets and the scale are worked out for you (or type those "
            "yourself). 3. Save: labels printed on this printer from this computer then "
            "move by that much."
        )

        names = printer_names() if printers is None else printers
        self.printer = QComboBox(self)
        for name in names:
            self.printer.addItem(name, name)
        if not names:
            # Offscreen, or no printer installed yet: keep it for the default printer.
            self.printer.addItem("The default printer (no printer is installed)", NO_PRINTER)
        self.add_field("printer", "&Printer", self.printer)
        self.printer.currentIndexChanged.connect(lambda _i: self._printer_chosen())

        self.templates = {t.name: t for t in templates}
        self.template = QComboBox(self)
        for template in templates:
            self.template.addItem(template.title, template.name)
        self.add_field("template", "Label &sheet", self.template)
        self.print_button = QPushButton(f"Print calibration page…  {PRINT_KEYS}", self)
        self.print_button.setAccessibleName("Print calibration page")
        self.print_button.setAutoDefault(False)
        self.print_button.clicked.connect(self.print_page)
        self.grid.addWidget(self.print_button, self.grid.rowCount(), 1)
        QShortcut(QKeySequence(PRINT_KEYS), self).activated.connect(self.print_page)

        a = CROSS_INSET / MM
        number = QRegularExpressionValidator(QRegularExpression(r"[-−]?\d{0,3}([.,]\d{0,4})?"))
        for key, label, hint in (
            ("measured_left", "Measured: left &edge to cross A (mm)", f"should be {a:.1f}"),
            ("measured_top", "Measured: &top edge to cross A (mm)", f"should be {a:.1f}"),
            ("measured_span", "Measured: cross A to cross &B (mm)", "e.g. 228.6"),
            ("offset_x", "Move &right by (mm)", "0 = as drawn; negative moves left"),
            ("offset_y", "Move &down by (mm)", "0 = as drawn; negative moves up"),
            ("scale", "S&cale", "1 = actual size"),
        ):
            edit = QLineEdit(self)
            edit.setValidator(number)
            edit.setPlaceholderText(hint)
            self.add_field(key, label, edit, required=key in ("offset_x", "offset_y", "scale"))
        for key in _MEASURED:
            self.edit(key).textChanged.connect(lambda _t: self._measured())
        self.worked_out = QLabel("", self)
        self.worked_out.setObjectName("ViewHint")
        self.worked_out.setAccessibleName("Where the offsets come from")
        self.worked_out.setWordWrap(True)
        self.grid.addWidget(self.worked_out, self.grid.rowCount(), 1, 1, 2)
        self.finish()
        self._printer_chosen()
        self.template.currentIndexChanged.connect(lambda _i: self._sheet_chosen())
        self._sheet_chosen()

    # reading -------------------------------------------------------------------------------
    def printer_name(self) -> str:
        return str(self.printer.currentData())

    def chosen_template(self) -> SheetTemplate:
        return self.templates[str(self.template.currentData())]

    def _printer_chosen(self) -> None:
        current = self.settings.calibration(self.printer_name())
        self.edit("offset_x").setText(f"{current.offset_x_mm:g}")
        self.edit("offset_y").setText(f"{current.offset_y_mm:g}")
        self.edit("scale").setText(f"{current.scale:g}")
        for key in _MEASURED:
            self.edit(key).clear()
        self.worked_out.setText(
            "The calibration kept for this printer." if not current.is_identity else ""
        )
        self.fit_to_messages()

    def _sheet_chosen(self) -> None:
        self.edit("measured_span").setPlaceholderText(
            f"should be {span_mm(self.chosen_template()):.1f}"
        )

    def _measured(self) -> None:
        """All three measurements typed: work out the calibration from them."""
        values = [_number(self.text(key)) for key in _MEASURED]
        if any(v is None for v in values):
            return
        left, top, run = (float(v) for v in values if v is not None)
        try:
            found = corrected(
                self.settings.calibration(self.printer_name()),
                self.chosen_template(),
                left_mm=left,
                top_mm=top,
                span=run,
            )
        except ValidationError as exc:
            say(self.messages[f"measured_{exc.field}"], exc.message)
            return
        self.edit("offset_x").setText(f"{found.offset_x_mm:g}")
        self.edit("offset_y").setText(f"{found.offset_y_mm:g}")
        self.edit("scale").setText(f"{found.scale:g}")
        self.worked_out.setText(
            "Worked out from your measurements and the calibration the page was printed with."
        )
        self.fit_to_messages()

    def calibration(self) -> Calibration:
        """The offsets and scale typed, checked; BadInput names the field at fault."""
        found: dict[str, float] = {}
        for key, low, high, words in (
            ("offset_x", -MAX_OFFSET, MAX_OFFSET, "a distance in mm from −25 to 25"),
            ("offset_y", -MAX_OFFSET, MAX_OFFSET, "a distance in mm from −25 to 25"),
            ("scale", *SCALES, "a scale from 0.8 to 1.2 (1 = actual size)"),
        ):
            value = _number(self.text(key))
            if value is None or not low <= value <= high:
                raise BadInput(f"Type {words}.", key)
            found[key] = value
        return Calibration(found["offset_x"], found["offset_y"], found["scale"])

    # printing and saving -------------------------------------------------------------------
    def print_page(self) -> None:
        from clerkdesk.reports.calibration_page import render_calibration_page

        template = self.chosen_template()
        folder = self.folder or documents_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"calibration-{template.name}.pdf"
        path.write_bytes(render_calibration_page(template))
        job = PrintJob(f"Calibration page, {template.name}", DocumentKind.CALIBRATION, path)
        if self.ctx.dialogs.print_job(self, job):
            say(
                self.form_message,
                "Sent the calibration page to the printer; measure it and type what you find.",
            )
            self.printed.emit(job)

    def work(self) -> Callable[[], Any]:
        calibration = self.calibration()
        printer = self.printer_name()
        return lambda: (printer, calibration)

    def _done(self, result: object) -> None:
        assert isinstance(result, tuple)
        printer, kept = result
        assert isinstance(kept, Calibration)
        self.settings.set_calibration(str(printer), kept)
        super()._done(result)


def open_calibration_dialog(
    ctx: UiContext, parent: QWidget, *, on_failure: Callable[[Exception], None]
) -> None:
    """Load the label sheets off the UI thread, then show the dialog."""
    from clerkdesk.services.label_templates import all_templates

    database = ctx.database

    def loaded(templates: tuple[SheetTemplate, ...]) -> None:
        dialog = CalibrationDialog(ctx, templates, parent)
        dialog.open()
        dialog.activateWindow()

    ctx.tasks.run(lambda: all_templates(database), loaded, on_failure)

"""What every dialog that makes labels on sheet stock shares: the box of sheets (the built-in
ones and the office's own), the box of codes a label may carry, and the preview of the
labels made."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QComboBox, QWidget

from clerkdesk.reports.label_sheets import SheetTemplate
from clerkdesk.reports.tag_labels import Barcode
from clerkdesk.ui.printing.jobs import JobPrinter, PrintJob
from clerkdesk.ui.printing.preview import PrintPreview


def sheet_box(templates: Sequence[SheetTemplate], parent: QWidget) -> QComboBox:
    """Each sheet by its title (the office's own marked so), its name as the item's data."""
    box = QComboBox(parent)
    for template in templates:
        mark = " — the office's own" if template.custom else ""
        box.addItem(f"{template.title}{mark}", template.name)
    return box


def barcode_box(what: str, parent: QWidget) -> QComboBox:
    """None, Code 128 or QR, each a code of ``what`` (``the tag number``)."""
    box = QComboBox(parent)
    for kind, caption in (
        (Barcode.NONE, "None"),
        (Barcode.CODE128, f"Code 128 barcode of {what}"),
        (Barcode.QR, f"QR code of {what}"),
    ):
        box.addItem(caption, kind.value)
    return box


def preview_labels(
    job: PrintJob, message: str, printer: JobPrinter, parent: QWidget
) -> PrintPreview:
    """The labels made, in the print preview, with what was made said beneath."""
    preview = PrintPreview(job.title, [job], printer, parent)
    preview.message.setText(message)
    preview.open()
    preview.activateWindow()
    return preview

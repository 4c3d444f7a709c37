"""Kennel tag labels…: the tags of the chosen kennel's license on a sheet of label stock,
all of them or the ones typed (a dog that joined the roster since), previewed and then
printed through the shared print path (which applies this printer's calibration).

The sheets are read, and the labels drawn, off the UI thread.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QLineEdit, QWidget

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.reports.label_sheets import SheetTemplate
from clerkdesk.reports.tag_labels import Barcode
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import BadInput
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob, documents_dir, safe_name
from clerkdesk.ui.printing.label_fields import barcode_box, preview_labels, sheet_box
from clerkdesk.ui.printing.preview import PrintPreview

ACTION = "Make labels  Enter"


@dataclass(frozen=True)
class KennelLabelsRequest:
    kennel_id: int
    year: int
    positions: tuple[int, ...]
    template: SheetTemplate
    start_at: int
    barcode: Barcode


@dataclass(frozen=True)
class KennelLabelsWritten:
    job: PrintJob
    summary: str


def write_kennel_tag_labels(
    database: Database,
    request: KennelLabelsRequest,
    *,
    clock: Clock,
    folder: Path | None = None,
) -> KennelLabelsWritten:
    """Render the labels to a PDF in the documents folder; for the task runner (no widgets)."""
    from clerkdesk.reports.kennel_tag_labels import render_kennel_tag_labels
    from clerkdesk.services.kennel_tag_labels import kennel_tag_labels

    labels = kennel_tag_labels(
        database,
        request.kennel_id,
        on=clock.today(),
        year=request.year,
        positions=request.positions,
        barcode=request.barcode,
        start_at=request.start_at,
    )
    data = render_kennel_tag_labels(labels, request.template)
    folder = folder or documents_dir()
    folder.mkdir(parents=True, exist_ok=True)
    name = safe_name(labels.license_label, "kennel")
    path = folder / f"kennel-tags-{name}-{request.template.name}.pdf"
    path.write_bytes(data)
    count = labels.count
    summary = (
        f"{count} kennel tag label{'s' if count != 1 else ''} of {labels.license_label} "
        f"({', '.join(labels.tags)}) on {request.template.name}"
    )
    title = f"Kennel tags {labels.license_label}"
    return KennelLabelsWritten(PrintJob(title, DocumentKind.TAG_LABELS, path), summary)


def read_positions(text: str) -> tuple[int, ...]:
    """``2 3`` or ``2, 3``: the tags' places on the license; blank is every tag."""
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    if any(not p.isdigit() or not 1 <= int(p) <= 999 for p in parts):
        raise BadInput("Type the tags' numbers after the #, e.g. 2 3 (blank: every tag).", "tags")
    return tuple(sorted({int(p) for p in parts}))


class KennelTagLabelsDialog(FormDialog):
    """``saved`` carries the :class:`KennelLabelsWritten`; the preview opens from there."""

    def __init__(
        self,
        ctx: UiContext,
        kennel_id: int,
        kennel_name: str,
        year: tuple[int, str],
        templates: tuple[SheetTemplate, ...],
        parent: QWidget | None = None,
        *,
        folder: Path | None = None,
    ) -> None:
        """``year`` is the license year chosen in the area: (the year it starts in, label)."""
        super().__init__(ctx, f"Kennel tag labels — {kennel_name}", ACTION, parent)
        self.kennel_id, self.folder = kennel_id, folder
        self.year_start, year_label = year
        self.add_intro(
            f"Labels for the kennel tags of its {year_label} license: each shows the town, "
            "“Kennel license” and the year, and the tag (MGL c.140 §137A). On a sheet already "
            "partly used, start at the first free label (1 is the top left, counting across)."
        )
        self.templates = {t.name: t for t in templates}
        self.template = sheet_box(templates, self)
        self.add_field("template", "&Sheet", self.template)
        self.tags = QLineEdit(self)
        self.tags.setMaxLength(60)
        self.tags.setPlaceholderText("blank: every tag; or e.g. 3 4")
        self.tags.setValidator(QRegularExpressionValidator(QRegularExpression(r"[\d ,]*")))
        self.add_field("tags", "&Tags #", self.tags)
        self.start_at = QLineEdit(self)
        self.start_at.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,3}")))
        self.start_at.setText("1")
        self.start_at.setPlaceholderText("1 = top left")
        self.add_field("start_at", "Start &at label", self.start_at)
        self.barcode = barcode_box("the tag", self)
        self.add_field("barcode", "&Barcode", self.barcode)
        self.finish()

    def chosen_template(self) -> SheetTemplate:
        return self.templates[str(self.template.currentData())]

    def work(self) -> Callable[[], Any]:
        positions = read_positions(self.tags.text())
        template = self.chosen_template()
        start = int(self.start_at.text() or "1")
        if not 1 <= start <= template.per_sheet:
            raise BadInput(
                f"Start at a label from 1 to {template.per_sheet} (the labels on one sheet of "
                f"{template.name}).",
                "start_at",
            )
        request = KennelLabelsRequest(
            self.kennel_id,
            self.year_start,
            positions,
            template,
            start,
            Barcode(str(self.barcode.currentData())),
        )
        database, clock, folder = self.ctx.database, self.ctx.clock, self.folder
        return lambda: write_kennel_tag_labels(database, request, clock=clock, folder=folder)


def show_kennel_labels_preview(
    ctx: UiContext, parent: QWidget, written: KennelLabelsWritten
) -> PrintPreview:
    return preview_labels(written.job, f"{written.summary}.", ctx.dialogs.print_job, parent)

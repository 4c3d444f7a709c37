"""New label sheet…: the office's own sheet of label stock, measured in inches or mm and
kept in the shared database for every workstation. The checks are the report's own: a
sheet whose labels overlap or run off the page is named beside the measurement at fault.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QWidget

from clerkdesk.reports.label_sheets import INCH, MM, SheetTemplate, check
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import BadInput
from clerkdesk.ui.form_base import FormDialog

ACTION = "Keep this sheet  Enter"
PAGES = (
    ("Letter, 8.5 × 11 in", (8.5 * INCH, 11 * INCH)),
    ("A4, 210 × 297 mm", (210 * MM, 297 * MM)),
    ("Legal, 8.5 × 14 in", (8.5 * INCH, 14 * INCH)),
)
UNITS = (("inches", INCH), ("mm", MM))
LENGTHS = (
    ("label_width", "Label &width", "e.g. 2.625"),
    ("label_height", "Label &height", "e.g. 1"),
    ("top_margin", "&Top margin", "paper's top edge to the first label"),
    ("left_margin", "L&eft margin", "paper's left edge to the first label"),
    ("horizontal_pitch", "Across &pitch", "one label's left edge to the next one's"),
    ("vertical_pitch", "&Down pitch", "one label's top edge to the next one's"),
    ("corner_radius", "Corner ra&dius", "0 for square corners"),
)


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:40] or "sheet"


class TemplateDialog(FormDialog):
    """``saved`` carries the :class:`SheetTemplate` kept."""

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, "New label sheet", ACTION, parent)
        self.add_intro(
            "Measure a sheet of the stock with a ruler, or copy the sizes from its box. Pitch "
            "is from one label's edge to the same edge of the next (the label plus the gap)."
        )
        title = QLineEdit(self)
        title.setMaxLength(80)
        title.setPlaceholderText("e.g. Dog tag labels 1.5 in round, 20 per sheet")
        self.add_field("title", "Ti&tle", title, required=True)
        self.page = QComboBox(self)
        for caption, _size in PAGES:
            self.page.addItem(caption)
        self.add_field("page", "Pa&ge", self.page)
        self.unit = QComboBox(self)
        for caption, _points in UNITS:
            self.unit.addItem(caption)
        self.add_field("unit", "&Measured in", self.unit)
        whole = QRegularExpressionValidator(QRegularExpression(r"\d{0,3}"))
        for key, label in (("columns", "&Columns across"), ("rows", "&Rows down")):
            edit = QLineEdit(self)
            edit.setValidator(whole)
            self.add_field(key, label, edit, required=True)
        number = QRegularExpressionValidator(QRegularExpression(r"\d{0,3}([.,]\d{0,4})?"))
        for key, label, hint in LENGTHS:
            edit = QLineEdit(self)
            edit.setValidator(number)
            edit.setPlaceholderText(hint)
            self.add_field(key, label, edit, required=key != "corner_radius")
        self.round = QCheckBox("R&ound labels", self)
        self.add_field("round", "Shape", self.round)
        self.finish()

    def template(self) -> SheetTemplate:
        """The sheet typed, checked; BadInput names the field at fault."""
        unit = UNITS[self.unit.currentIndex()][1]
        counts: dict[str, int] = {}
        for key in ("columns", "rows"):
            text = self.text(key)
            if not text.isdigit() or int(text) < 1:
                raise BadInput("Type how many, 1 or more.", key)
            counts[key] = int(text)
        lengths: dict[str, float] = {}
        for key, _label, _hint in LENGTHS:
            text = self.text(key).replace(",", ".") or ("0" if key == "corner_radius" else "")
            try:
                value = float(text)
            except ValueError:
                raise BadInput("Type a length, e.g. 2.625.", key) from None
            if not math.isfinite(value):
                raise BadInput("Type a length, e.g. 2.625.", key)
            lengths[key] = value * unit
        width, height = PAGES[self.page.currentIndex()][1]
        title = self.text("title")
        return check(
            SheetTemplate(
                name=_slug(title),
                title=title,
                page_width=width,
                page_height=height,
                rows=counts["rows"],
                columns=counts["columns"],
                round=self.round.isChecked(),
                custom=True,
                **lengths,
            )
        )

    def work(self) -> Callable[[], Any]:
        from clerkdesk.services.label_templates import save_template

        template = self.template()
        database, actor = self.ctx.database, self.ctx.actor
        return lambda: save_template(database, template, actor=actor)

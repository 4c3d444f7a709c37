"""Print tag labels…: tags N to M of a license year on a sheet of label stock, previewed,
then printed through the shared print path (which applies this printer's calibration).

The labels are drawn off the UI thread; the preview opens when the PDF is ready.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QKeySequence, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from clerkdesk.clock import Clock
from clerkdesk.db.database import Database
from clerkdesk.errors import EnvironmentProblem, ValidationError
from clerkdesk.reports.label_sheets import SheetTemplate
from clerkdesk.reports.tag_labels import Barcode, TagLabels, describe, label_problems
from clerkdesk.services.tags import TagYear, tag_years
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import BadInput, say
from clerkdesk.ui.form_base import FormDialog
from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob, documents_dir
from clerkdesk.ui.printing.label_fields import barcode_box, preview_labels, sheet_box
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.question import Choice, Question
from clerkdesk.ui.views.tags.receive_dialog import year_caption

KEYS = "Ctrl+L"
NEW_SHEET_KEYS = "Ctrl+N"
FORGET_SHEET_KEYS = "Ctrl+Shift+F"
ACTION = "Make labels  Enter"
_FIELD_WORDS = {"first": "the first tag", "last": "the last tag", "start_at": "start at"}


@dataclass(frozen=True)
class LabelsRequest:
    year: int
    first: int
    last: int
    template: SheetTemplate
    start_at: int
    barcode: Barcode


@dataclass(frozen=True)
class LabelsWritten:
    job: PrintJob
    summary: str
    note: str
    """What the clerk should know (numbers not received as stock), or ""."""


def write_tag_labels(
    database: Database, request: LabelsRequest, *, clock: Clock, folder: Path | None = None
) -> LabelsWritten:
    """Render the labels to a PDF in the documents folder; for the task runner (no widgets)."""
    from clerkdesk.reports.tag_labels import render_tag_labels
    from clerkdesk.services.tag_labels import label_facts

    facts = label_facts(database, request.year, request.first, request.last, clock=clock)
    labels = TagLabels(
        facts.town,
        facts.year_label,
        request.first,
        request.last,
        facts.prefix,
        barcode=request.barcode,
        start_at=request.start_at,
    )
    data = render_tag_labels(labels, request.template)
    folder = folder or documents_dir()
    folder.mkdir(parents=True, exist_ok=True)
    name = f"tag-labels-{request.year}-{request.first}-{request.last}-{request.template.name}.pdf"
    path = folder / name
    path.write_bytes(data)
    title = f"Tag labels {facts.year_label}, {request.first}–{request.last}"
    note = ""
    if facts.not_received:
        note = (
            f"{facts.not_received:,} of these numbers were not received as tag stock for "
            f"{facts.year_label}."
        )
    return LabelsWritten(
        PrintJob(title, DocumentKind.TAG_LABELS, path), describe(labels, request.template), note
    )


class TagLabelsDialog(FormDialog):
    """``saved`` carries the :class:`LabelsWritten`; the preview opens from there."""

    def __init__(
        self,
        ctx: UiContext,
        years: tuple[TagYear, ...],
        templates: tuple[SheetTemplate, ...],
        chosen: int | None,
        parent: QWidget | None = None,
        *,
        folder: Path | None = None,
    ) -> None:
        super().__init__(ctx, "Print tag labels", ACTION, parent)
        self.folder = folder
        self.add_intro(
            "Labels for the tags of a license year on a sheet of label stock: each shows the "
            "town, the license year and the tag number (MGL c.140 §137). On a sheet already "
            "partly used, start at the first free label (1 is the top left, counting across)."
        )
        self.templates = {t.name: t for t in templates}
        self.template = sheet_box(templates, self)
        self.add_field("template", "&Sheet", self.template)
        self.sheet_size = QLabel("", self)
        self.sheet_size.setObjectName("ViewHint")
        self.sheet_size.setAccessibleName("Sheet size")
        self.sheet_size.setWordWrap(True)
        row = self.grid.rowCount()
        self.new_sheet_button = QPushButton(f"New sheet…  {NEW_SHEET_KEYS}", self)
        self.new_sheet_button.setAccessibleName("New label sheet")
        self.new_sheet_button.setShortcut(QKeySequence(NEW_SHEET_KEYS))
        self.new_sheet_button.setAutoDefault(False)
        self.new_sheet_button.clicked.connect(self.new_sheet)
        self.forget_button = QPushButton(f"Forget sheet…  {FORGET_SHEET_KEYS}", self)
        self.forget_button.setAccessibleName("Forget the office's label sheet")
        self.forget_button.setShortcut(QKeySequence(FORGET_SHEET_KEYS))
        self.forget_button.setAutoDefault(False)
        self.forget_button.clicked.connect(self.forget_sheet)
        # The size beside both buttons, one above the other.
        self.grid.addWidget(self.sheet_size, row, 1, 2, 1, Qt.AlignmentFlag.AlignTop)
        self.grid.addWidget(self.new_sheet_button, row, 2)
        self.grid.addWidget(self.forget_button, row + 1, 2)
        self.template.currentIndexChanged.connect(lambda _i: self._sheet_chosen())
        self.year = QComboBox(self)
        for year in years:
            self.year.addItem(year_caption(year), year.starts_in)
        if chosen is not None and (at := self.year.findData(chosen)) >= 0:
            self.year.setCurrentIndex(at)
        self.add_field("year", "License &year", self.year)
        digits = QRegularExpressionValidator(QRegularExpression(r"\d{0,8}"))
        for key, label, example in (
            ("first", "&First tag", "e.g. 1"),
            ("last", "&Last tag", "e.g. 45"),
            ("start_at", "Start &at label", "1 = top left"),
        ):
            edit = QLineEdit(self)
            edit.setValidator(digits)
            edit.setPlaceholderText(example)
            self.add_field(key, label, edit, required=key != "start_at")
            edit.textChanged.connect(lambda _t: self.refresh_button())
        self.edit("start_at").setText("1")
        self.barcode = barcode_box("the tag number", self)
        self.add_field("barcode", "&Barcode", self.barcode)
        self.finish()
        self._sheet_chosen()
        self.fit_to_messages()  # the sheet's size and its button take a row of their own

    def new_sheet(self) -> None:
        from clerkdesk.ui.views.tags.template_dialog import TemplateDialog

        dialog = TemplateDialog(self.ctx, self)
        dialog.saved.connect(self.sheet_added)
        dialog.open()
        dialog.activateWindow()

    def forget_sheet(self) -> None:
        """The office's own sheet, measured wrong or no longer bought, forgotten at every
        workstation (the built-in sheets stay)."""
        template = self.chosen_template()
        if not template.custom:
            return
        question = Question(
            f"Forget {template.title}?",
            "The office's own label sheet is removed for every workstation; labels already "
            "printed are not changed. Measure it again with New sheet… to use it again.",
            (Choice("forget", "Forget the sheet", "F"),),
            cancel="Keep it",
        )
        self.ctx.dialogs.ask(self, question, lambda key: self._forget(key, template))

    def _forget(self, key: str | None, template: SheetTemplate) -> None:
        self.activateWindow()
        if key != "forget":
            return
        from clerkdesk.services.label_templates import delete_template

        database, actor = self.ctx.database, self.ctx.actor
        self.ctx.tasks.run(
            lambda: delete_template(database, template.name, actor=actor),
            lambda _gone: self._forgotten(template),
            lambda exc: self.show_message("template", str(exc)),
        )

    def _forgotten(self, template: SheetTemplate) -> None:
        self.templates.pop(template.name, None)
        at = self.template.findData(template.name)
        if at >= 0:
            self.template.removeItem(at)
        self.template.setFocus()

    def sheet_added(self, template: SheetTemplate) -> None:
        self.templates[template.name] = template
        self.template.addItem(f"{template.title} — the office's own", template.name)
        self.template.setCurrentIndex(self.template.count() - 1)
        self.template.setFocus()

    def chosen_template(self) -> SheetTemplate:
        return self.templates[str(self.template.currentData())]

    def _sheet_chosen(self) -> None:
        self.sheet_size.setText(self.chosen_template().size_text())
        self.forget_button.setEnabled(self.chosen_template().custom)
        self.refresh_button()

    def _number(self, key: str) -> int | None:
        text = self.text(key)
        return int(text) if text else None

    def problems(self) -> dict[str, str]:
        first, last = self._number("first"), self._number("last")
        start = self._number("start_at") or 1
        run = TagLabels("town", "year", first or 0, last or 0, start_at=start)
        found = label_problems(run, self.chosen_template())
        keys = ("first", "last", "start_at")
        return {
            k: v for k, v in found.items() if k in keys and not (k == "last" and "first" in found)
        }

    def refresh_button(self) -> None:
        super().refresh_button()
        if self.saving or self.missing():
            return
        problems = self.problems()
        if problems:
            self.save_button.setText(f"Check {' and '.join(_FIELD_WORDS[k] for k in problems)}")
            return
        first, last = self._number("first"), self._number("last")
        assert first is not None and last is not None
        count = last - first + 1
        self.save_button.setText(f"Make {count:,} label{'s' if count != 1 else ''}  Enter")

    def work(self) -> Callable[[], Any]:
        problems = self.problems()
        for key, message in problems.items():
            say(self.messages[key], message)
        if problems:
            key = next(iter(problems))
            raise BadInput(problems[key], key)
        first, last = self._number("first"), self._number("last")
        assert first is not None and last is not None
        request = LabelsRequest(
            int(self.year.currentData()),
            first,
            last,
            self.chosen_template(),
            self._number("start_at") or 1,
            Barcode(str(self.barcode.currentData())),
        )
        database, clock, folder = self.ctx.database, self.ctx.clock, self.folder
        return lambda: write_tag_labels(database, request, clock=clock, folder=folder)


def open_labels_dialog(
    ctx: UiContext,
    parent: QWidget,
    chosen: int | None,
    *,
    on_failure: Callable[[Exception], None],
    folder: Path | None = None,
) -> None:
    """Load the years and the sheets off the UI thread, then show the dialog; once the labels
    are made, the preview (Ctrl+P prints them)."""
    from clerkdesk.services.label_templates import all_templates

    database, clock = ctx.database, ctx.clock

    def load() -> tuple[tuple[TagYear, ...], tuple[SheetTemplate, ...]]:
        return tag_years(database, clock=clock, receiving=True), all_templates(database)

    def loaded(result: tuple[tuple[TagYear, ...], tuple[SheetTemplate, ...]]) -> None:
        years, templates = result
        dialog = TagLabelsDialog(ctx, years, templates, chosen, parent, folder=folder)
        dialog.saved.connect(lambda written: show_preview(ctx, parent, written))
        dialog.open()
        dialog.activateWindow()

    ctx.tasks.run(load, loaded, on_failure)


def show_preview(ctx: UiContext, parent: QWidget, written: LabelsWritten) -> PrintPreview:
    message = " ".join(filter(None, (f"{written.summary}.", written.note)))
    return preview_labels(written.job, message, ctx.dialogs.print_job, parent)


def failure_text(exc: Exception) -> str | None:
    """What to tell the clerk about a failure to load or draw, or None for a bug."""
    if isinstance(exc, ValidationError):
        return exc.message
    if isinstance(exc, EnvironmentProblem):
        return f"The tag labels could not be made: {exc}"
    return None

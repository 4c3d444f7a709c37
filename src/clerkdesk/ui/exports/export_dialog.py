"""Export records…: every record (each table as CSV in one zip with its manifest, and
one workbook if asked) for an auditor or the next system, or the public dog register with
the fields the office releases. The choice of fields is kept as the office's setting by a
role that may change the office's settings; the export runs off the UI thread with its
progress and a Cancel that leaves no file."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLabel,
    QRadioButton,
    QWidget,
)

from clerkdesk.rules.counts import counted
from clerkdesk.rules.roles import Permission
from clerkdesk.services.exports.full_export import FullExport, export_all
from clerkdesk.services.exports.public_export import PublicExport, export_public
from clerkdesk.services.exports.public_fields import (
    DEFAULT_KEYS,
    FIELDS,
    office_public_fields,
    save_public_fields,
)
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.printing.jobs import documents_dir
from clerkdesk.ui.views.yearend.job_dialog import JobDialog
from clerkdesk.ui.views.yearend.path_field import PathField

TITLE = "Export records"
FIELD_COLUMNS = 4
FORMATS = (("csv", "CSV (comma-separated)"), ("xlsx", "XLSX (a workbook)"))


class ExportDialog(JobDialog):
    exported = Signal(object)
    """The ``FullExport`` or ``PublicExport`` once written (tests wait for it)."""
    fields_read = Signal()

    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, TITLE, parent)
        self.office_fields: tuple[str, ...] | None = None
        self.saved_fields = False
        dialogs = ctx.dialogs
        today = ctx.clock.today().isoformat()
        folder = documents_dir()
        # Every record ------------------------------------------------------------------
        self.full = QRadioButton("&Every record: each table as CSV in one zip, with its manifest")
        self.full.setAccessibleName("Every record")
        self.full.setChecked(True)
        self.outer.insertWidget(1, self.full)
        self._order.append(self.full)
        self.zip = PathField("zip file", "zip", "Zip files (*.zip)", "Choose…", dialogs)
        self.zip.propose(folder / f"records-{today}.zip")
        self.add_row("zip", "&Zip file *", self.zip)
        self.with_xlsx = QCheckBox("Also the same tables as one &workbook (XLSX), a sheet each")
        self.with_xlsx.setAccessibleName("Also a workbook")
        self.add_row("with_xlsx", "", self.with_xlsx)
        self.xlsx = PathField("workbook", "xlsx", "Workbooks (*.xlsx)", "Choose…", dialogs)
        self.xlsx.propose(folder / f"records-{today}.xlsx")
        self.add_row("xlsx", "Wor&kbook", self.xlsx)
        # Public records ----------------------------------------------------------------
        self.public = QRadioButton(
            "&Public records: the dog register, with only the fields the office releases"
        )
        self.public.setAccessibleName("Public records")
        self.outer.addWidget(self.public)
        self._order.append(self.public)
        self.begin_rows()
        self.format = QComboBox(self)
        self.format.setAccessibleName("Format")
        for _suffix, words in FORMATS:
            self.format.addItem(words)
        self.add_row("format", "&Format", self.format)
        self.register_file = PathField(
            "register file", "csv", "CSV files (*.csv);;Workbooks (*.xlsx)", "Choose…", dialogs
        )
        self.register_file.propose(folder / f"dog-register-{today}.csv")
        self.add_row("register", "Re&gister file *", self.register_file)
        self.fields_box = QWidget(self)
        grid = QGridLayout(self.fields_box)
        grid.setContentsMargins(0, 0, 0, 0)
        self.field_checks: dict[str, QCheckBox] = {}
        for number, field in enumerate(FIELDS):
            check = QCheckBox(field.heading, self.fields_box)
            check.setAccessibleName(f"Release {field.heading}")
            check.setChecked(field.key in DEFAULT_KEYS)
            check.toggled.connect(lambda _on: self.refresh())
            grid.addWidget(check, number // FIELD_COLUMNS, number % FIELD_COLUMNS)
            self.field_checks[field.key] = check
        self.add_row("fields", "Fields released", self.fields_box)
        self._order.remove(self.fields_box)
        self._order.extend(self.field_checks.values())
        self.fields_note = QLabel(self._fields_note(), self)
        self.fields_note.setWordWrap(True)
        self.fields_note.setAccessibleName("About the fields")
        self.add_row("fields_note", "", self.fields_note)
        self._order.remove(self.fields_note)
        # Running -----------------------------------------------------------------------
        self.add_progress(stretch=False)
        self.export_button = self.button("Export  Ctrl+Enter", "Export", self.export)
        self.add_buttons(self.export_button)
        self.full.setFocus()
        self.kinds = QButtonGroup(self)
        self.kinds.addButton(self.full)
        self.kinds.addButton(self.public)
        self.full.setShortcut(QKeySequence("Alt+E"))
        self.public.setShortcut(QKeySequence("Alt+P"))
        self.kinds.buttonToggled.connect(lambda _b, _on: self.refresh())
        self.with_xlsx.toggled.connect(lambda _on: self.refresh())
        self.format.currentIndexChanged.connect(self._format_chosen)
        for field_, key in (
            (self.zip, "zip"),
            (self.xlsx, "xlsx"),
            (self.register_file, "register"),
        ):
            field_.edit.textChanged.connect(lambda _t, k=key: self.beside(k, ""))
        self.refresh()
        ctx.tasks.run(lambda: office_public_fields(ctx.database), self._fields_read, self._failed)

    # the office's fields ------------------------------------------------------------
    def _may_choose(self) -> bool:
        return self.ctx.actor.may(Permission.MANAGE_TOWN)

    def _fields_note(self) -> str:
        if self._may_choose():
            return "A change here is kept as the office's choice for every public export."
        return (
            "Only the clerk or the administrator changes the office's choice: a change here "
            "holds for this export alone."
        )

    def _fields_read(self, keys: tuple[str, ...]) -> None:
        self.office_fields = keys
        for key, check in self.field_checks.items():
            check.setChecked(key in keys)
        self.refresh()
        self.fields_read.emit()

    def chosen_fields(self) -> tuple[str, ...]:
        return tuple(key for key, check in self.field_checks.items() if check.isChecked())

    # the form -----------------------------------------------------------------------
    def _format_chosen(self, index: int) -> None:
        suffix, other = FORMATS[index][0], FORMATS[1 - index][0]
        self.register_file.suffix = suffix
        text = self.register_file.edit.text()
        if text.lower().endswith(f".{other}"):
            self.register_file.edit.setText(text[: -len(other)] + suffix)

    def refresh(self) -> None:
        full = self.full.isChecked()
        parts: tuple[QWidget, ...] = (self.zip, self.with_xlsx)
        for widget in parts:
            widget.setEnabled(full)
        self.xlsx.setEnabled(full and self.with_xlsx.isChecked())
        parts = (self.format, self.register_file, self.fields_box)
        for widget in parts:
            widget.setEnabled(not full)
        if self.running:
            return
        if full:
            text = "Export every record"
        elif not self.chosen_fields():
            text = "Export the register — choose a field to release"
        else:
            text = f"Export the register with {counted(len(self.chosen_fields()), 'field')}"
        self.export_button.setText(f"{text}  Ctrl+Enter")
        self.export_button.setAccessibleName(text)

    # exporting ----------------------------------------------------------------------
    def export(self) -> None:
        if self.running:
            return
        self.clear_messages()
        self.tell("")
        if self.full.isChecked():
            self._export_all()
        else:
            self._export_public()

    def _problem(self, key: str, field_: PathField, what: str) -> bool:
        text = f"Name the {what} to write." if field_.path() is None else field_.problem()
        if text:
            self.beside(key, text)
            field_.setFocus()
        return bool(text)

    def _export_all(self) -> None:
        if self._problem("zip", self.zip, "zip file"):
            return
        with_xlsx = self.with_xlsx.isChecked()
        if with_xlsx and self._problem("xlsx", self.xlsx, "workbook"):
            return
        ctx, progress = self.ctx, self.progress
        zip_path, xlsx = self.zip.path(), self.xlsx.path() if with_xlsx else None
        assert zip_path is not None
        self.start(
            lambda: export_all(
                ctx.database, zip_path, xlsx=xlsx, actor=ctx.actor, clock=ctx.clock,
                step=progress.step, cancelled=progress.cancelled,
            ),
            self._exported_all,
            "Reading the records…",
        )  # fmt: skip

    def _export_public(self) -> None:
        fields = self.chosen_fields()
        if not fields:
            self.beside("fields", "Choose at least one field to release.")
            next(iter(self.field_checks.values())).setFocus()
            return
        if self._problem("register", self.register_file, "register file"):
            return
        ctx, progress = self.ctx, self.progress
        path = self.register_file.path()
        assert path is not None
        save = self._may_choose() and fields != self.office_fields

        def work() -> PublicExport:
            if save:
                save_public_fields(ctx.database, fields, actor=ctx.actor, clock=ctx.clock)
            return export_public(
                ctx.database, path, fields=fields, actor=ctx.actor, clock=ctx.clock,
                step=progress.step, cancelled=progress.cancelled,
            )  # fmt: skip

        self.saved_fields = save
        self.start(work, self._exported_public, "Reading the register…")

    def _exported_all(self, done: FullExport) -> None:
        tables = counted(len(done.manifest.tables), "table")
        words = f"Wrote {counted(done.rows, 'row')} of {tables} to {done.zip_path}"
        if done.xlsx_path is not None:
            words += f", and the workbook {done.xlsx_path}"
        self.tell(words + ".")
        self.exported.emit(done)

    def _exported_public(self, done: PublicExport) -> None:
        if self.saved_fields:
            self.office_fields = done.fields
        words = (
            f"Wrote the register ({counted(done.rows, 'license')}, "
            f"{counted(len(done.fields), 'field')}) to {done.path}."
        )
        if self.saved_fields:
            words += " These fields are now the office's choice."
        self.tell(words)
        self.exported.emit(done)

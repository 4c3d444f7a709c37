"""The pages of File → Import register… other than the columns: the file and its sheets,
the dry run's summary with the rows it refuses, and the import's progress and outcome.
Each page only shows; the dialog (``register_dialog``) runs the work and moves between them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.services.importing.register import ImportResult, RegisterReport
from clerkdesk.services.importing.register_mapping import RegisterPreview
from clerkdesk.ui.fields import message_label, say, tell
from clerkdesk.ui.importing.report_rows import ReportRows

NO_OWNERS_SHEET = "None: each dog's row holds its owner"


def _wrapped(text: str, parent: QWidget, name: str) -> QLabel:
    label = QLabel(text, parent)
    label.setWordWrap(True)
    label.setAccessibleName(name)
    return label


def _s(count: int, one: str, many: str) -> str:
    return f"{count:,} {one if count == 1 else many}"


class FilePage(QWidget):
    """The old program's export, and which of its sheets holds the dogs (and the owners)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.addWidget(
            _wrapped(
                "Export the register from the old program (or save the office's workbook) "
                "as CSV or Excel (.xlsx): one row per dog with its owner, or a sheet of dogs "
                "and a sheet of owners that share an owner number. Nothing is written until "
                "the last step; a dry run first shows what each row would do.",
                self,
                "About the file",
            )
        )
        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        self.path = QLineEdit(self)
        self.path.setAccessibleName("The register's file")
        self.path.setPlaceholderText("The file's full path, or Choose…")
        self.choose = QPushButton("&Choose…", self)
        self.choose.setAccessibleName("Choose the file")
        self.choose.setAutoDefault(False)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(self.choose)
        caption = QLabel("&File", self)
        caption.setBuddy(self.path)
        grid.addWidget(caption, 0, 0)
        grid.addLayout(row, 0, 1)
        self.message = message_label(self, "the file")
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        grid.addWidget(self.message, 1, 1)
        self.sheet = QComboBox(self)
        self.sheet.setAccessibleName("The sheet of dogs")
        self.owners = QComboBox(self)
        self.owners.setAccessibleName("The sheet of owners")
        for index, (text, box) in enumerate(
            (("&Dogs sheet", self.sheet), ("&Owners sheet", self.owners)), start=2
        ):
            label = QLabel(text, self)
            label.setBuddy(box)
            grid.addWidget(label, index, 0)
            grid.addWidget(box, index, 1)
        outer.addLayout(grid)
        self.found = _wrapped("", self, "What the file holds")
        self.found.setObjectName("SectionCaption")
        outer.addWidget(self.found)
        outer.addStretch(1)
        self.show_sheets(())

    def show_sheets(self, sheets: tuple[str, ...], dogs: str = "", owners: str = "") -> None:
        """The sheets to choose from; a CSV's one table leaves nothing to choose."""
        for box in (self.sheet, self.owners):
            box.blockSignals(True)
            box.clear()
        self.sheet.addItems(list(sheets))
        self.sheet.setCurrentIndex(max(self.sheet.findText(dogs), 0))
        self.owners.addItem(NO_OWNERS_SHEET, "")
        for name in sheets:
            self.owners.addItem(name, name)
        self.owners.setCurrentIndex(max(self.owners.findData(owners), 0))
        for box in (self.sheet, self.owners):
            box.setEnabled(len(sheets) > 1)
            box.blockSignals(False)

    def owners_sheet(self) -> str | None:
        return str(self.owners.currentData() or "") or None

    def show_found(self, preview: RegisterPreview | None) -> None:
        if preview is None:
            self.found.setText("")
            return
        owners = f" and {len(preview.owner_headers)} owner columns" if preview.owner_headers else ""
        self.found.setText(
            f"{_s(preview.rows, 'row', 'rows')} of dogs in {len(preview.headers)} columns{owners}."
        )


class DryRunPage(QWidget):
    """What the import would do: the counts, and every row it would refuse and why."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        self.summary = _wrapped("", self, "What the dry run found")
        self.summary.setObjectName("SectionCaption")
        outer.addWidget(self.summary)
        self.adds = _wrapped("", self, "What would be brought in")
        outer.addWidget(self.adds)
        self.caption = _wrapped("", self, "About the rows listed")
        outer.addWidget(self.caption)
        self.rows = ReportRows()
        self.table = QTableView(self)
        self.table.setAccessibleName("Refused rows")
        self.table.setModel(self.rows)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(2, 280)
        header.setStretchLastSection(True)
        outer.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.every_row = QCheckBox("Show &every row, not only the refused", self)
        self.every_row.setAccessibleName("Show every row")
        self.save = QPushButton("&Save report…", self)
        self.save.setAccessibleName("Save the report as CSV")
        self.again = QPushButton("Run the dry run a&gain", self)
        self.again.setAccessibleName("Run the dry run again")
        for button in (self.save, self.again):
            button.setAutoDefault(False)
        row.addWidget(self.every_row)
        row.addStretch(1)
        row.addWidget(self.again)
        row.addWidget(self.save)
        outer.addLayout(row)
        self.message = message_label(self, "the report")
        outer.addWidget(self.message)
        self.report: RegisterReport | None = None
        self.every_row.toggled.connect(lambda _on: self._list())

    def show_report(self, report: RegisterReport) -> None:
        self.report = report
        refused = report.count("refuse")
        self.summary.setText(
            f"{report.file_name} ({report.sheet}): {_s(len(report.rows), 'row', 'rows')} — "
            f"{report.count('take'):,} to take, {report.count('merge'):,} to merge with a "
            f"dog or owner on file, {refused:,} refused"
            + (
                f"; {_s(report.blank_rows, 'blank row', 'blank rows')} skipped."
                if report.blank_rows
                else "."
            )
        )
        self.adds.setText(
            f"The import would bring in {_s(report.owners_new, 'new owner', 'new owners')}, "
            f"{_s(report.dogs_new, 'new dog', 'new dogs')}, "
            f"{_s(report.licenses_new, 'license', 'licenses')} as history (never as money "
            f"received), "
            f"{_s(report.certificates_new, 'rabies certificate', 'rabies certificates')} "
            f"and {_s(report.kennels_new, 'kennel', 'kennels')}."
        )
        say(self.message, "")
        self._list()

    def _list(self) -> None:
        report = self.report
        if report is None:
            self.rows.show(())
            return
        every = self.every_row.isChecked()
        self.rows.show(report.rows if every else report.refused)
        self.table.setAccessibleName("Every row" if every else "Refused rows")
        refused = report.count("refuse")
        if every:
            self.caption.setText("Every row of the file, with what the import would do.")
        elif refused:
            self.caption.setText(
                f"{'This row is' if refused == 1 else 'These rows are'} left out: fix "
                "them in the file (Save report… writes this list beside it), save the file "
                "and run the dry run again — or import without them."
            )
        else:
            self.caption.setText("No row is refused.")

    def tell(self, text: str, *, problem: bool) -> None:
        tell(self.message, text, problem=problem)


class ImportPage(QWidget):
    """The import under way (progress, Cancel), then what came in and what to check."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        outer = QVBoxLayout(self)
        self.heading = _wrapped("", self, "The import")
        self.heading.setObjectName("SectionCaption")
        outer.addWidget(self.heading)
        row = QHBoxLayout()
        self.bar = QProgressBar(self)
        self.bar.setAccessibleName("Progress")
        self.step = QLabel("", self)
        self.step.setAccessibleName("Step")
        row.addWidget(self.bar, 2)
        row.addWidget(self.step, 3)
        outer.addLayout(row)
        self.result = _wrapped("", self, "What came in")
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        outer.addWidget(self.result)
        self.next_steps = _wrapped("", self, "What to check next")
        self.next_steps.setTextFormat(Qt.TextFormat.RichText)
        outer.addWidget(self.next_steps)
        self.message = message_label(self, "the import")
        outer.addWidget(self.message)
        outer.addStretch(1)

    def started(self, rows: int, file_name: str) -> None:
        self.heading.setText(f"Importing {_s(rows, 'row', 'rows')} of {file_name}…")
        self.bar.setVisible(True)
        self.step.setVisible(True)
        self.bar.setRange(0, 0)  # busy until the first batch says how far
        self.step.setText("Reading the file")
        for label in (self.result, self.next_steps):
            label.setText("")
        say(self.message, "")

    def moved(self, done: int, total: int, words: str) -> None:
        self.bar.setRange(0, max(total, 1))
        self.bar.setValue(done)
        self.step.setText(words.capitalize())

    def cancelling(self) -> None:
        self.step.setText("Cancelling after this batch…")

    def finished(self, result: ImportResult) -> None:
        self.bar.setVisible(False)
        self.step.setVisible(False)
        w = result.written
        refused = result.report.count("refuse")
        if result.cancelled:
            self.heading.setText(
                f"Cancelled after row {result.last_row:,}: {result.rows_done:,} of "
                f"{len(result.report.rows):,} rows were gone through and are in."
            )
        else:
            self.heading.setText(
                f"Imported {result.report.file_name}: all {len(result.report.rows):,} rows "
                "gone through."
            )
        self.result.setText(
            f"Brought in {_s(w['owners'], 'owner', 'owners')}, {_s(w['dogs'], 'dog', 'dogs')}, "
            f"{_s(w['licenses'], 'license', 'licenses')} (as history: no money, no receipts), "
            f"{_s(w['certificates'], 'rabies certificate', 'rabies certificates')} and "
            f"{_s(w['kennels'], 'kennel', 'kennels')}; "
            f"{_s(w['merged'], 'row', 'rows')} matched what was on file; "
            f"{_s(refused, 'row was', 'rows were')} refused and left out. "
            f"This is import {result.import_id} in the Audit area."
        )
        steps = [
            "Compare these counts with the old program's count of dogs and owners.",
            "At the Counter, find a few imported dogs by tag number: check the owner, the "
            "last license and the rabies certificate.",
        ]
        if refused:
            steps.append(
                "Fix the refused rows in the file (the dry run's report lists them) and "
                "import the same file again: rows already in are not added twice."
            )
        if result.cancelled:
            steps.append(
                "Import the same file again to bring in the rest: the rows already in are "
                "matched, not added twice."
            )
        self.next_steps.setText(
            "<b>Check next</b><ul>" + "".join(f"<li>{_html(s)}</li>" for s in steps) + "</ul>"
        )

    def failed(self, text: str) -> None:
        self.bar.setVisible(False)
        self.step.setVisible(False)
        self.heading.setText("The import stopped.")
        tell(self.message, text, problem=True)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

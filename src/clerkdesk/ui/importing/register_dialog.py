"""File → Import register…: an office's old register brought in, in four steps the clerk
goes through with the keyboard — the file (and its sheets), what each column holds (guessed
from the headers, shown beside the first rows, saved for the next file with the same
headers), the dry run (the counts, and every refused row with why, saved as CSV beside the
source to fix it there), and the import in batches with progress and Cancel, ending with what
came in and what to check next.

The file is read, the dry run planned and the rows written off the UI thread
(``ctx.tasks``); only frozen previews, reports and results come back.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtGui import QCloseEvent, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ClerkDeskError
from clerkdesk.services.importing import register, register_mapping
from clerkdesk.services.importing.register import ImportResult, RegisterReport
from clerkdesk.services.importing.register_mapping import RegisterPreview, RegisterSource
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import say, tell
from clerkdesk.ui.importing.column_choices import ColumnChoices
from clerkdesk.ui.importing.register_pages import DryRunPage, FilePage, ImportPage
from clerkdesk.ui.typed_guard import TypedGuard
from clerkdesk.ui.views.yearend.job import JobProgress

TITLE = "Import the register"
STEPS = ("The file", "What each column holds", "The dry run", "The import")
FILE, COLUMNS, DRY_RUN, IMPORT = range(4)
FILE_TYPES = "Registers (*.xlsx *.xlsm *.csv *.txt);;All files (*)"
# Fits a 1280×720 screen with the window manager's frame and a taskbar.
WIDTH, HEIGHT, FRAME = 1040, 620, 60


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def problem_words(exc: Exception) -> str | None:
    """An error a clerk is shown, in words; None for a bug (the crash handler's)."""
    if isinstance(exc, ClerkDeskError):
        return sentence(getattr(exc, "message", None) or str(exc))
    if isinstance(exc, OSError):
        name = Path(exc.filename).name if exc.filename else "the file"
        return f"{name} could not be opened: {exc.strerror or exc}."
    return None


class ImportRegisterDialog(QDialog):
    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setWindowTitle(TITLE)
        self.setAccessibleName(TITLE)
        self.setModal(True)
        self.preview: RegisterPreview | None = None
        self.source: RegisterSource | None = None
        self.report: RegisterReport | None = None
        self.outcome: ImportResult | None = None
        self.busy = ""  # what runs off the UI thread now: "file", "dry run", "import"
        self.progress = JobProgress(self)
        outer = QVBoxLayout(self)
        self.heading = QLabel("", self)
        self.heading.setObjectName("DialogTitle")
        self.heading.setAccessibleName("Step")
        outer.addWidget(self.heading)
        self.stack = QStackedWidget(self)
        self.file_page = FilePage(self.stack)
        self.columns = ColumnChoices(self.stack)
        self.dry_page = DryRunPage(self.stack)
        self.import_page = ImportPage(self.stack)
        for page in (self.file_page, self.columns, self.dry_page, self.import_page):
            self.stack.addWidget(page)
        outer.addWidget(self.stack, 1)
        buttons = QHBoxLayout()
        self.back_button = QPushButton("< &Back", self)
        self.back_button.setAccessibleName("Back")
        self.main_button = QPushButton("", self)
        self.main_button.setDefault(True)
        self.close_button = QPushButton("Close  Esc", self)
        self.close_button.setAccessibleName("Close")
        for button in (self.back_button, self.close_button):
            button.setAutoDefault(False)
        buttons.addWidget(self.back_button)
        buttons.addStretch(1)
        buttons.addWidget(self.main_button)
        buttons.addWidget(self.close_button)
        outer.addLayout(buttons)
        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            QShortcut(QKeySequence(keys), self).activated.connect(self.main_button.click)
        self.back_button.clicked.connect(self.back)
        self.main_button.clicked.connect(self.forward)
        self.close_button.clicked.connect(self.reject)
        self.file_page.choose.clicked.connect(self.choose_file)
        # Enter reads a newly typed path; on the path already read, the main button takes it.
        self.file_page.path.returnPressed.connect(self._path_entered)
        self.file_page.path.textEdited.connect(self._path_edited)
        self.file_page.sheet.activated.connect(lambda _i: self.load(keep_sheets=True))
        self.file_page.owners.activated.connect(lambda _i: self.load(keep_sheets=True))
        self.columns.changed.connect(self.refresh)
        self.dry_page.save.clicked.connect(self.save_report)
        self.dry_page.again.clicked.connect(self.dry_run)
        self.progress.moved.connect(self._moved)
        self.guard = TypedGuard(self)
        self.guard.watch()
        self._size()
        self.show_page(FILE)

    def _size(self) -> None:
        screen = self.screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry() if screen is not None else None
        width = min(WIDTH, room.width() - FRAME) if room is not None else WIDTH
        height = min(HEIGHT, room.height() - FRAME) if room is not None else HEIGHT
        self.setMinimumSize(min(760, width), min(480, height))
        self.resize(width, height)

    # moving between the steps -------------------------------------------------------
    def page(self) -> int:
        return self.stack.currentIndex()

    def show_page(self, index: int) -> None:
        self.stack.setCurrentIndex(index)
        self.heading.setText(f"Step {index + 1} of {len(STEPS)}: {STEPS[index]}")
        focus: dict[int, QWidget] = {
            FILE: self.file_page.path,
            COLUMNS: self.columns.boxes[0] if self.columns.boxes else self.main_button,
            DRY_RUN: self.dry_page.table,
            IMPORT: self.main_button,
        }
        self.refresh()
        focus[index].setFocus()

    def back(self) -> None:
        if self.busy or self.page() in (FILE, IMPORT):
            return
        self.show_page(self.page() - 1)

    def forward(self) -> None:
        if self.busy:
            return
        page = self.page()
        if page == FILE and self.preview is not None:
            self.show_page(COLUMNS)
        elif page == COLUMNS and self.columns.ready():
            self.dry_run()
        elif page == DRY_RUN and self._rows_to_import() > 0:
            self.start_import()
        elif page == IMPORT and self.outcome is not None:
            self.accept()

    def _rows_to_import(self) -> int:
        report = self.report
        return 0 if report is None else report.count("take") + report.count("merge")

    def refresh(self) -> None:
        """The main button says what it will do next, or what it waits for."""
        page, busy = self.page(), self.busy
        text, enabled = "", not busy
        if page == FILE:
            text = "Reading the file…" if busy else "Next: the columns  Enter"
            enabled = enabled and self.preview is not None
        elif page == COLUMNS:
            gaps, doubled = self.columns.gaps(), self.columns.doubled()
            if busy:
                text = "Running the dry run…"
            elif doubled:
                text = "Choose one column for " + doubled[0].split(" (")[0]
            elif len(gaps) == 1:
                text = f"Choose the column for {gaps[0]}"
            elif gaps:
                text = f"Choose {len(gaps)} more columns first"
            else:
                text = "Dry run  Enter"
            enabled = enabled and self.columns.ready()
        elif page == DRY_RUN:
            rows = self._rows_to_import()
            text = "Running the dry run…" if busy else f"Import {rows:,} rows  Enter"
            if rows == 0 and not busy:
                text = "Nothing to import"
            enabled = enabled and rows > 0
        else:
            text = "Importing…" if busy else "Close  Enter"
            enabled = enabled and self.outcome is not None
        self.main_button.setText(text)
        self.main_button.setAccessibleName(text.split("  ")[0])
        self.main_button.setEnabled(enabled)
        self.back_button.setEnabled(not busy and page in (COLUMNS, DRY_RUN))
        importing = busy == "import"
        # After the import the main button closes; a second Close beside it says nothing.
        self.close_button.setVisible(not (page == IMPORT and self.outcome is not None))
        self.close_button.setText("Cancel  Esc" if importing else "Close  Esc")
        self.close_button.setAccessibleName("Cancel the import" if importing else "Close")

    # work off the UI thread ---------------------------------------------------------
    def _run(
        self, what: str, work: Callable[[], Any], done: Callable[[Any], None], page: int
    ) -> None:
        self.busy = what
        self.refresh()

        def finished(result: Any) -> None:
            self.busy = ""
            done(result)
            self.refresh()

        def failed(exc: Exception) -> None:
            self.busy = ""
            words = problem_words(exc)
            if words is None:
                raise exc
            self.refresh()
            self.say_problem(page, words)

        self.ctx.tasks.run(work, finished, failed)

    def say_problem(self, page: int, words: str) -> None:
        if page == FILE:
            tell(self.file_page.message, words, problem=True)
            self.file_page.path.setFocus()
        elif page == COLUMNS:
            tell(self.columns.missing, words, problem=True)
        elif page == DRY_RUN:
            self.dry_page.tell(words, problem=True)
        else:
            self.import_page.failed(words)
            self.back_button.setEnabled(True)

    # 1. the file --------------------------------------------------------------------
    def choose_file(self) -> None:
        typed = self.file_page.path.text().strip()
        suggested = Path(typed).expanduser() if typed else Path.home()
        chosen = self.ctx.dialogs.choose_open_path(
            self, "Choose the register's file", suggested, FILE_TYPES
        )
        self.activateWindow()
        if chosen is None:
            return
        self.guard.typed = True  # a file chosen is the clerk's work, as typing is
        self.file_page.path.setText(str(chosen))
        self.load()

    def _path_entered(self) -> None:
        if self.preview is None:
            self.load()

    def _path_edited(self, _text: str) -> None:
        if self.preview is not None and not self.busy:
            self.preview = None
            self.file_page.show_found(None)
            self.refresh()

    def load(self, *, keep_sheets: bool = False) -> None:
        """Read the file's sheets, headers and first rows (and the office's saved columns)."""
        if self.busy:
            return
        typed = self.file_page.path.text().strip()
        say(self.file_page.message, "")
        if not typed:
            say(self.file_page.message, "Type the file's path, or Choose… it.")
            return
        path = Path(typed).expanduser()
        if not path.is_file():
            tell(self.file_page.message, f"There is no file at {path}.", problem=True)
            return
        sheet = (self.file_page.sheet.currentText() or None) if keep_sheets else None
        owners = self.file_page.owners_sheet() if keep_sheets else None
        source = RegisterSource(path, sheet, owners)
        self.preview = None
        self.report = None
        self.file_page.show_found(None)
        database = self.ctx.database
        self._run(
            "file",
            lambda: register_mapping.preview(database, source),
            lambda preview: self._previewed(source, preview),
            FILE,
        )

    def _previewed(self, source: RegisterSource, preview: RegisterPreview) -> None:
        self.source, self.preview = source, preview
        self.file_page.show_sheets(
            preview.sheets, source.sheet or preview.sheets[0], source.owners_sheet or ""
        )
        self.file_page.show_found(preview)
        self.columns.show_preview(preview, source.owners_sheet)
        self.guard.watch()

    # 2. the columns, and the dry run -------------------------------------------------
    def dry_run(self) -> None:
        source, preview = self.source, self.preview
        if self.busy or source is None or preview is None or not self.columns.ready():
            return
        mapping = self.columns.mapping()
        database, clock, actor = self.ctx.database, self.ctx.clock, self.ctx.actor
        changed = mapping != (preview.saved or {})

        def work() -> RegisterReport:
            if changed:  # kept for the next file with these headers
                register_mapping.save_mapping(database, source, mapping, actor=actor, clock=clock)
            return register.dry_run(database, source, mapping, clock=clock)

        self._run("dry run", work, self._dry_run_done, self.page())

    def _dry_run_done(self, report: RegisterReport) -> None:
        self.report = report
        self.dry_page.show_report(report)
        self.show_page(DRY_RUN)

    def save_report(self) -> None:
        report, source = self.report, self.source
        if report is None or source is None:
            return
        suggested = source.path.with_name(f"{source.path.stem}-dry-run.csv")
        chosen = self.ctx.dialogs.choose_save_path(
            self, "Save the dry run's report", suggested, "CSV files (*.csv)"
        )
        self.activateWindow()
        if chosen is None:
            return
        if chosen.suffix.lower() != ".csv":
            chosen = chosen.with_name(chosen.name + ".csv")
        try:
            register.write_report(report, chosen)
        except OSError as exc:
            self.dry_page.tell(
                f"The report could not be written: {exc.strerror or exc}.", problem=True
            )
            return
        self.dry_page.tell(f"Saved the report to {chosen}.", problem=False)

    # 3. the import ------------------------------------------------------------------
    def start_import(self) -> None:
        source, report = self.source, self.report
        if source is None or report is None:
            return
        mapping = self.columns.mapping()
        ctx, progress = self.ctx, self.progress
        progress.reset()
        self.outcome = None
        self.show_page(IMPORT)
        self.import_page.started(len(report.rows), source.path.name)

        def work() -> ImportResult:
            return register.run(
                ctx.database,
                source,
                mapping,
                actor=ctx.actor,
                clock=ctx.clock,
                progress=progress.step,
                cancelled=progress.cancelled,
            )

        self._run("import", work, self._imported, IMPORT)
        self.main_button.setFocus()

    def _moved(self, done: int, total: int, words: str) -> None:
        if self.busy == "import":
            self.import_page.moved(done, total, words)

    def _imported(self, result: ImportResult) -> None:
        self.outcome = result
        self.guard.typed = False  # what was chosen is now in the database: nothing to lose
        self.import_page.finished(result)

    # closing ------------------------------------------------------------------------
    def reject(self) -> None:
        """Esc: cancels an import under way (the dialog stays to say how far it got); after
        an import closes at once; otherwise asks before throwing the choices away."""
        if self.busy == "import":
            self.progress.cancel()
            self.import_page.cancelling()
            return
        if self.outcome is not None:
            super().reject()
            return
        self.guard.close(self.ctx.dialogs, self.discard)

    def discard(self) -> None:
        """Close without asking (someone else signed in); an import under way stops after
        its batch."""
        self.progress.cancel()
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.busy == "import":
            self.reject()
            event.ignore()
            return
        super().closeEvent(event)

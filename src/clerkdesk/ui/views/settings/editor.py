"""Edit TOML…: the town's rules as text, checked as the clerk types, every problem beside it."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFontDatabase, QKeySequence, QTextCursor
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ValidationError
from clerkdesk.rules import ProfileError
from clerkdesk.services.town import NOTE_LENGTH, ProfileSaved, profile_problems, save_town_profile
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.views.settings.toml_locate import line_of, problem_line

CHECK_DELAY_MS = 250
LINE_ROLE = Qt.ItemDataRole.UserRole


class TomlEditorDialog(QDialog):
    """Saves a new version when valid; ``saved`` carries the :class:`ProfileSaved`.

    ``original`` is the text in force (what "no change" means); ``text`` the text to start
    from (the same, or an imported file). ``read_only`` shows an old version."""

    saved = Signal(object)

    def __init__(
        self,
        ctx: UiContext,
        *,
        title: str,
        text: str,
        original: str,
        base_version_id: int | None,
        note: str = "",
        jump_to: str | None = None,
        read_only: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self._original = original
        self._base = base_version_id
        self._problems: tuple[str, ...] = ()
        self._saving = False
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.resize(1100, 700)

        intro = QLabel(
            "The old version stays in the history."
            if read_only
            else "The town's rules as TOML (see the Town profiles guide). Problems are listed "
            "on the right with their key as you type; Enter on one puts the cursor on its "
            "line. Saving adds a new version; the one in force now stays in the history.",
            self,
        )
        intro.setWordWrap(True)
        self.editor = QPlainTextEdit(self)
        self.editor.setAccessibleName("Town rules as TOML")
        self.editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.editor.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.editor.setTabChangesFocus(True)
        self.editor.setPlainText(text)
        self.editor.setReadOnly(read_only)

        side = QWidget(self)
        column = QVBoxLayout(side)
        column.setContentsMargins(0, 0, 0, 0)
        self.summary = QLabel("", side)
        self.summary.setObjectName("ProblemsSummary")
        self.summary.setWordWrap(True)
        self.problems = QListWidget(side)
        self.problems.setAccessibleName("Problems")
        self.problems.setWordWrap(True)
        self.problems.setSpacing(4)
        self.problems.itemActivated.connect(self._go_to_problem)
        column.addWidget(self.summary)
        column.addWidget(self.problems, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.editor)
        splitter.addWidget(side)
        splitter.setSizes([700, 380])

        self.note = QLineEdit(self)
        self.note.setAccessibleName("Note for the history")
        self.note.setPlaceholderText("Note for the history: what changed and why (e.g. ATM 2026)")
        self.note.setMaxLength(NOTE_LENGTH)
        self.note.setText(note)
        self.reason = QLabel("", self)
        self.reason.setObjectName("SaveReason")
        self.reason.setAccessibleName("Why Save is not available")
        self.reason.setWordWrap(True)
        self.save_button = QPushButton("Save  Ctrl+S", self)
        self.save_button.setAccessibleName("Save")
        self.save_button.setShortcut(QKeySequence("Ctrl+S"))
        self.save_button.setDefault(False)
        self.save_button.setAutoDefault(False)
        self.save_button.clicked.connect(self.save)
        close = QPushButton("Close  Esc" if read_only else "Cancel  Esc", self)
        close.setAccessibleName("Close" if read_only else "Cancel")
        close.setAutoDefault(False)
        close.clicked.connect(self.reject)

        row = QHBoxLayout()
        row.addWidget(self.reason, 1)
        row.addWidget(self.save_button)
        row.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.note)
        layout.addLayout(row)
        for hidden in (self.note, self.save_button, self.reason) if read_only else ():
            hidden.hide()

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(CHECK_DELAY_MS)
        self._timer.timeout.connect(self.check)
        self.editor.textChanged.connect(self._timer.start)
        self.check()
        if jump_to:
            self.go_to_line(line_of(text, jump_to))
        self.editor.setFocus()

    # Checking ----------------------------------------------------------------------
    def check(self) -> None:
        """Validate the text now and show every problem; Save follows."""
        self._timer.stop()
        self._show_problems(profile_problems(self.editor.toPlainText()))

    def _show_problems(self, problems: tuple[str, ...]) -> None:
        self._problems = problems
        self.problems.clear()
        text = self.editor.toPlainText()
        for problem in problems:
            key, sep, message = problem.partition(": ")
            shown = (
                f"{key}\n    {message}" if sep and not problem.startswith("not valid") else problem
            )
            item = QListWidgetItem(shown)
            item.setToolTip(problem)
            item.setData(LINE_ROLE, problem_line(text, problem))
            self.problems.addItem(item)
        count = len(problems)
        self.summary.setText(
            "No problems: these rules are valid."
            if not count
            else f"{count} problem{'s' if count > 1 else ''} to fix:"
        )
        self._update_save()

    def _update_save(self) -> None:
        reason = ""
        if self._saving:
            reason = "Saving…"
        elif self._problems:
            count = len(self._problems)
            reason = f"Save is off: fix the {count} problem{'s' if count > 1 else ''} listed."
        elif self.editor.toPlainText() == self._original:
            reason = "Save is off: nothing has changed yet."
        self.reason.setText(reason)
        self.save_button.setEnabled(not reason)
        self.save_button.setToolTip(reason)

    @property
    def problem_texts(self) -> tuple[str, ...]:
        return self._problems

    # Moving about ------------------------------------------------------------------
    def go_to_line(self, line: int | None) -> None:
        if line is None:
            return
        block = self.editor.document().findBlockByLineNumber(line)
        cursor = QTextCursor(block)
        self.editor.setTextCursor(cursor)
        self.editor.centerCursor()

    def _go_to_problem(self, item: QListWidgetItem) -> None:
        line = item.data(LINE_ROLE)
        self.go_to_line(line if isinstance(line, int) else None)
        self.editor.setFocus()

    # Saving ------------------------------------------------------------------------
    def save(self) -> None:
        self.check()
        if not self.save_button.isEnabled():
            return
        ctx, text, note = self._ctx, self.editor.toPlainText(), self.note.text()
        self._saving = True
        self._update_save()
        self._ctx.tasks.run(
            lambda: save_town_profile(
                ctx.database,
                text,
                actor=ctx.actor,
                clock=ctx.clock,
                note=note,
                base_version_id=self._base,
            ),
            self._saved,
            self._failed,
        )

    def _saved(self, result: ProfileSaved) -> None:
        self._saving = False
        self.saved.emit(result)
        self.accept()

    def _failed(self, exc: Exception) -> None:
        self._saving = False
        if isinstance(exc, ProfileError):
            self._show_problems(exc.problems)
        elif isinstance(exc, ValidationError):
            self._update_save()
            self.reason.setText(f"Not saved: {exc.message}")
        else:
            self._update_save()
            raise exc

    def reject(self) -> None:
        if not self._saving:  # the save under way finishes first, then the dialog closes
            super().reject()

    def busy(self) -> bool:
        return self._saving

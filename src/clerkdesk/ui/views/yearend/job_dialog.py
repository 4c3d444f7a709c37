"""What the year-end dialogs share: labelled rows with a message beside each, a line that
says what will happen, a progress bar while the work runs off the UI thread, Esc that
cancels the work while it runs and closes the dialog otherwise, and, once a PDF is
written, the offer to open it."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clerkdesk.errors import ClerkDeskError
from clerkdesk.services.progress import Cancelled
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.fields import message_label, say, tell
from clerkdesk.ui.printing.jobs import DocumentKind, PrintJob
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.question import Choice, Question
from clerkdesk.ui.views.yearend.job import JobProgress

WIDTH = 780
# Room the window manager's frame takes around a dialog.
FRAME = 40
NO_TOWN = "No town is set up yet: set up the town's rules in Settings first."


def sentence(text: str) -> str:
    """A service's message as a sentence: a capital first, a full stop last."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


class JobDialog(QDialog):
    def __init__(self, ctx: UiContext, title: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.setModal(True)
        self.setMinimumWidth(WIDTH)
        self.running = False
        self.preview_dialog: PrintPreview | None = None
        self.progress = JobProgress(self)
        self.progress.moved.connect(self._moved)
        self.outer = QVBoxLayout(self)
        heading = QLabel(title, self)
        heading.setObjectName("DialogTitle")
        self.outer.addWidget(heading)
        self.messages: dict[str, QLabel] = {}
        self._order: list[QWidget] = []
        self.begin_rows()

    # building -----------------------------------------------------------------------
    def begin_rows(self) -> None:
        """Rows added from here on go into a new block at this place in the dialog."""
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(10)
        self.grid.setVerticalSpacing(4)
        self.grid.setColumnMinimumWidth(0, 170)
        self.grid.setColumnStretch(1, 1)
        self.outer.addLayout(self.grid)

    def add_row(self, key: str, caption: str, widget: QWidget) -> QWidget:
        """A caption, the field, and its message (when there is one) under the field."""
        row = self.grid.rowCount()
        label = QLabel(caption, self)
        label.setBuddy(widget)
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        message = message_label(self, caption.replace("&", "").split("  ")[0])
        self.grid.addWidget(label, row, 0)
        self.grid.addWidget(widget, row, 1)
        self.grid.addWidget(message, row + 1, 1)
        self.messages[key] = message
        self._order.append(widget)
        return widget

    def add_summary(self) -> None:
        """The line that says what will be written (or what the list holds)."""
        self.summary = QLabel("", self)
        self.summary.setObjectName("SectionCaption")
        self.summary.setAccessibleName("What will be written")
        self.summary.setWordWrap(True)
        self.outer.addWidget(self.summary)

    def add_progress(self, *, stretch: bool = True) -> None:
        """The progress (shown only while work runs) and the message; ``stretch`` when no
        list above takes the height the dialog is given."""
        if not hasattr(self, "summary"):
            self.add_summary()
        row = QHBoxLayout()
        self.bar = QProgressBar(self)
        self.bar.setAccessibleName("Progress")
        self.step_label = QLabel("", self)
        self.step_label.setAccessibleName("Step")
        row.addWidget(self.bar, 2)
        row.addWidget(self.step_label, 3)
        self.outer.addLayout(row)
        self.message = message_label(self, "the dialog")
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.outer.addWidget(self.message)
        if stretch:
            self.outer.addStretch(1)
        self._show_bar(False)

    def add_buttons(self, main: QPushButton, *extra: QPushButton) -> None:
        row = QHBoxLayout()
        for button in extra:
            button.setAutoDefault(False)
            row.addWidget(button)
        row.addStretch(1)
        self.main_button = main
        main.setDefault(True)
        self.close_button = QPushButton("Close  Esc", self)
        self.close_button.setAccessibleName("Close")
        self.close_button.setAutoDefault(False)
        self.close_button.clicked.connect(self.reject)
        row.addWidget(main)
        row.addWidget(self.close_button)
        self.outer.addLayout(row)
        for keys in ("Ctrl+Return", "Ctrl+Enter"):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.activated.connect(main.click)
        chain = [*self._order, *extra, main, self.close_button]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)
        if self._order:
            self._order[0].setFocus()

    def button(self, text: str, name: str, slot: Callable[[], object]) -> QPushButton:
        button = QPushButton(text, self)
        button.setAccessibleName(name)
        button.clicked.connect(lambda _=False: slot())
        return button

    # messages -----------------------------------------------------------------------
    def beside(self, key: str, text: str) -> None:
        say(self.messages[key], text)

    def clear_messages(self) -> None:
        for label in (*self.messages.values(), self.message):
            say(label, "")

    def tell(self, text: str, *, problem: bool = False) -> None:
        tell(self.message, text, problem=problem)
        self.fit()

    def say_summary(self, text: str) -> None:
        self.summary.setText(text)
        self.fit()

    def fit(self) -> None:
        """Grow the dialog so that every wrapped line shows whole, within the screen."""
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        wanted = layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth() else -1
        wanted = max(wanted, layout.totalMinimumSize().height())
        screen = self.screen() or QGuiApplication.primaryScreen()
        room = screen.availableGeometry().height() - FRAME if screen is not None else wanted
        if wanted > self.height():
            self.resize(self.width(), min(wanted, room))

    # running ------------------------------------------------------------------------
    def start(self, work: Callable[[], Any], done: Callable[[Any], None], words: str) -> None:
        self.progress.reset()
        self.running = True
        self._done = done
        self._show_bar(True)
        self.bar.setRange(0, 0)  # busy until the first step says how far
        self.step_label.setText(words)
        self.close_button.setText("Cancel  Esc")
        self.close_button.setAccessibleName("Cancel")
        self.main_button.setEnabled(False)
        self.ctx.tasks.run(work, self._finished, self._failed)

    def _show_bar(self, shown: bool) -> None:
        self.bar.setVisible(shown)
        self.step_label.setVisible(shown)

    def _stopped(self) -> None:
        self.running = False
        self._show_bar(False)
        self.close_button.setText("Close  Esc")
        self.close_button.setAccessibleName("Close")
        self.main_button.setEnabled(True)
        self.refresh()

    def _moved(self, done: int, total: int, words: str) -> None:
        if not self.running:
            return
        self.bar.setRange(0, max(total, 1))
        self.bar.setValue(done)
        self.step_label.setText(words)

    def _finished(self, result: object) -> None:
        # A Cancel that came after the work's last check: the work is whole, and says so.
        self._stopped()
        self._done(result)

    def _failed(self, exc: Exception) -> None:
        self._stopped()
        if isinstance(exc, Cancelled):
            self.tell(self.cancelled_words())
        elif isinstance(exc, ClerkDeskError):
            self.tell(sentence(str(exc)), problem=True)
        elif isinstance(exc, OSError):
            self.tell(f"The file could not be written: {exc.strerror or exc}.", problem=True)
        else:
            raise exc
        self.activateWindow()

    def cancelled_words(self) -> str:
        return "Cancelled: nothing was written."

    def refresh(self) -> None:
        """The main button's words from the fields (subclasses)."""

    def reject(self) -> None:
        """Esc while the work runs cancels it (the dialog stays to say so); otherwise closes."""
        if self.running:
            self.progress.cancel()
            self.step_label.setText("Cancelling…")
            return
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.running:
            self.reject()
            event.ignore()
            return
        super().closeEvent(event)

    # the PDF ------------------------------------------------------------------------
    def offer_pdf(self, title: str, text: str, pdf: Path) -> None:
        question = Question(
            title,
            text,
            (Choice("open", "Open the PDF", "O", "Look at it, and print it from there."),),
            cancel="Not now",
        )

        def answered(key: str | None) -> None:
            self.activateWindow()
            if key == "open":
                self.open_pdf(title, pdf)

        self.ctx.dialogs.ask(self, question, answered)

    def open_pdf(self, title: str, pdf: Path) -> None:
        job = PrintJob(title, DocumentKind.REPORT, pdf)
        self.preview_dialog = PrintPreview(title, [job], self.ctx.dialogs.print_job, self)
        self.preview_dialog.open()
        self.preview_dialog.activateWindow()

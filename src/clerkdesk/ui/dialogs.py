"""The one seam for modal messages and file choices, so tests can answer them without
native dialogs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from clerkdesk.ui.printing.jobs import JobPrinter, PrintJob
from clerkdesk.ui.question import Question, QuestionDialog

Asker = Callable[[QWidget | None, str, str], None]
PathAsker = Callable[[QWidget | None, str, Path, str], Path | None]
"""(parent, title, suggested file or folder, filter such as "TOML files (*.toml)") → the
path chosen, or None if the clerk cancelled."""
QuestionAsker = Callable[[QWidget | None, Question, Callable[[str | None], None]], None]
"""(parent, a question, then) → shows the question without blocking; ``then`` gets the key
of the answer chosen, or None if the clerk went back."""


def _show_error(parent: QWidget | None, title: str, text: str) -> None:
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setAccessibleName(title)
    box.exec()


def _choose_open_path(
    parent: QWidget | None, title: str, suggested: Path, filter_: str
) -> Path | None:
    chosen, _ = QFileDialog.getOpenFileName(parent, title, str(suggested), filter_)
    return Path(chosen) if chosen else None


def _choose_save_path(
    parent: QWidget | None, title: str, suggested: Path, filter_: str
) -> Path | None:
    chosen, _ = QFileDialog.getSaveFileName(parent, title, str(suggested), filter_)
    return Path(chosen) if chosen else None


def _ask(parent: QWidget | None, question: Question, then: Callable[[str | None], None]) -> None:
    dialog = QuestionDialog(question, parent)
    dialog.answered.connect(then)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    dialog.activateWindow()


def _print_job(parent: QWidget | None, job: PrintJob) -> bool | Path:
    from clerkdesk.ui.printing.printer import print_with_dialog

    return print_with_dialog(parent, job)


class Dialogs:
    """Built once per app and passed in; tests give one that records and answers."""

    def __init__(
        self,
        show_error: Asker = _show_error,
        choose_open_path: PathAsker = _choose_open_path,
        choose_save_path: PathAsker = _choose_save_path,
        print_job: JobPrinter = _print_job,
        ask: QuestionAsker = _ask,
    ) -> None:
        self.show_error = show_error
        self.choose_open_path = choose_open_path
        self.choose_save_path = choose_save_path
        self.print_job = print_job
        self.ask = ask

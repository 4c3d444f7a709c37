"""Helpers for driving real widgets in tests."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clerkdesk.ui.dialogs import Dialogs
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.printing.jobs import PrintJob


class RecordedDialogs(Dialogs):
    """Answers every modal message by writing it down, and every file choice with the next
    path in ``open_paths`` / ``save_paths`` (None, as if cancelled, when they run out).
    Printing writes the job down in ``jobs`` (its PDF in ``printed``) instead of asking for a
    printer."""

    def __init__(self) -> None:
        super().__init__(self._record, self._next_open, self._next_save, self._print)
        self.errors: list[tuple[str, str]] = []
        self.open_paths: list[Path] = []
        self.save_paths: list[Path] = []
        self.asked: list[tuple[str, Path]] = []
        self.printed: list[Path] = []
        self.jobs: list[PrintJob] = []

    def _record(self, _parent: object, title: str, text: str) -> None:
        self.errors.append((title, text))

    def _next_open(self, _parent: object, title: str, suggested: Path, _filter: str) -> Path | None:
        self.asked.append((title, suggested))
        return self.open_paths.pop(0) if self.open_paths else None

    def _next_save(self, _parent: object, title: str, suggested: Path, _filter: str) -> Path | None:
        self.asked.append((title, suggested))
        return self.save_paths.pop(0) if self.save_paths else None

    def _print(self, _parent: object, job: PrintJob) -> bool:
        self.jobs.append(job)
        self.printed.append(job.path)
        return True


ADMIN = ("admin", "demo-admin")  # the demo's administrator
FIRST_ADMIN = ("chief", "first-admin-pw")  # the administrator a first run creates


def sign_in_window(qtbot: QtBot, window: MainWindow, name: str = "", password: str = "") -> None:
    """Sign in at the window's page with the keyboard, as a person would: on a demo database
    as the demo's administrator, on one with no users as a first run's new administrator."""
    from clerkdesk.ui.sign_in_pages import FirstRunPage

    qtbot.waitUntil(lambda: window.gate is not None or window.is_open, timeout=10000)
    page = window.gate
    if page is None:
        return
    first_run = isinstance(page, FirstRunPage)
    default = FIRST_ADMIN if first_run else ADMIN
    name, password = name or default[0], password or default[1]
    page.name.clear()  # type: ignore[attr-defined]
    qtbot.keyClicks(page.name, name)  # type: ignore[attr-defined]
    qtbot.keyClicks(page.password, password)  # type: ignore[attr-defined]
    if first_run:
        qtbot.keyClicks(page.again, password)  # type: ignore[attr-defined]
    qtbot.keyClick(page.password, Qt.Key.Key_Return)  # type: ignore[attr-defined]
    if first_run:  # the office's set-up follows; these tests finish it later (Alt+L)
        qtbot.waitUntil(lambda: window.gate is not page, timeout=10000)
        if window.gate is not None:
            qtbot.keyClick(window.gate, Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: window.gate is None and window.is_open, timeout=10000)

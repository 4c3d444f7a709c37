"""Helpers for driving real widgets in tests."""

from __future__ import annotations

from pathlib import Path

from clerkdesk.ui.dialogs import Dialogs
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

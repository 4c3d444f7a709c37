"""Helpers for driving real widgets in tests."""

from __future__ import annotations

from clerkdesk.ui.dialogs import Dialogs


class RecordedDialogs(Dialogs):
    """Answers every modal message by writing it down."""

    def __init__(self) -> None:
        super().__init__(self._record)
        self.errors: list[tuple[str, str]] = []

    def _record(self, _parent: object, title: str, text: str) -> None:
        self.errors.append((title, text))

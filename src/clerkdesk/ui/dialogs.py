"""The one seam for modal messages, so tests can answer them without native dialogs."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMessageBox, QWidget

Asker = Callable[[QWidget | None, str, str], None]


def _show_error(parent: QWidget | None, title: str, text: str) -> None:
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setAccessibleName(title)
    box.exec()


class Dialogs:
    """Built once per app and passed in; tests give one whose ``show_error`` records."""

    def __init__(self, show_error: Asker = _show_error) -> None:
        self.show_error = show_error

"""A file to read: typed, or chosen through the open dialog (``Dialogs.choose_open_path``)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QPushButton, QWidget

from clerkdesk.ui.dialogs import Dialogs

LIST_FILES = "Lists (*.csv *.xlsx *.xlsm);;All files (*)"


class OpenFileField(QWidget):
    chosen = Signal()
    """A file was picked in the open dialog (not typed)."""

    def __init__(
        self, name: str, choose_text: str, dialogs: Dialogs, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._dialogs = dialogs
        self._name = name
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.edit = QLineEdit(self)
        self.edit.setAccessibleName(name)
        self.edit.setPlaceholderText("a CSV or XLSX file, typed or chosen")
        # A long path shows its end in the field; the whole of it on hover.
        self.edit.textChanged.connect(self.edit.setToolTip)
        self.choose = QPushButton(choose_text, self)
        self.choose.setAccessibleName(f"Choose the {name.lower()}")
        self.choose.setAutoDefault(False)
        self.choose.clicked.connect(self.choose_file)
        row.addWidget(self.edit, 1)
        row.addWidget(self.choose)
        self.setFocusProxy(self.edit)

    def choose_file(self) -> None:
        current = self.path() or Path.home()
        picked = self._dialogs.choose_open_path(
            self.window(), f"Choose the {self._name.lower()}", current, LIST_FILES
        )
        self.edit.setFocus()
        if picked is not None:
            self.edit.setText(str(picked))
            self.chosen.emit()

    def path(self) -> Path | None:
        text = self.edit.text().strip()
        return Path(text).expanduser() if text else None

    def problem(self) -> str | None:
        """Why the file cannot be read, in words; None when it can be tried."""
        path = self.path()
        if path is None:
            return f"Choose the {self._name.lower()} to read."
        if path.is_dir():
            return f"{path} is a folder; choose a file in it."
        if not path.is_file():
            return f"There is no file {path}."
        return None

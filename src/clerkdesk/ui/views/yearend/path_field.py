"""A file to write: typed, or chosen through the save dialog (``Dialogs.choose_save_path``)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QPushButton, QWidget

from clerkdesk.ui.dialogs import Dialogs


class PathField(QWidget):
    def __init__(
        self,
        name: str,
        suffix: str,
        filter_: str,
        choose_text: str,
        dialogs: Dialogs,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.suffix = suffix
        self._filter = filter_
        self._dialogs = dialogs
        self._name = name
        # What the dialog proposed last: a proposal follows the year, a typed path stays.
        self._proposed = ""
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.edit = QLineEdit(self)
        self.edit.setAccessibleName(name)
        self.edit.setPlaceholderText(f"a {suffix.upper()} file, typed or chosen")
        # A long path shows its end in the field; the whole of it on hover.
        self.edit.textChanged.connect(self.edit.setToolTip)
        self.choose = QPushButton(choose_text, self)
        self.choose.setAccessibleName(f"Choose the {name}")
        self.choose.setAutoDefault(False)
        self.choose.clicked.connect(self.choose_file)
        row.addWidget(self.edit, 1)
        row.addWidget(self.choose)
        self.setFocusProxy(self.edit)

    def propose(self, path: Path) -> None:
        """Put ``path`` in the field unless the clerk has typed or chosen another."""
        if self.edit.text() in ("", self._proposed):
            self.edit.setText(str(path))
        self._proposed = str(path)

    def choose_file(self) -> None:
        current = self.path() or Path.home()
        chosen = self._dialogs.choose_save_path(
            self.window(), f"Save the {self._name}", current, self._filter
        )
        if chosen is not None:
            self.edit.setText(str(chosen))
        self.edit.setFocus()

    def path(self) -> Path | None:
        """The path typed, with its suffix added when it has none; None when blank."""
        text = self.edit.text().strip()
        if not text:
            return None
        path = Path(text).expanduser()
        if path.name and path.suffix.lower() != f".{self.suffix}":
            path = path.with_name(path.name + f".{self.suffix}")
        return path

    def problem(self) -> str | None:
        """Why the file cannot be written there, in words; None when it can be tried."""
        path = self.path()
        if path is None:
            return None
        if not path.name or path.is_dir():
            return f"{path} is a folder; name a file in it."
        if not path.parent.is_dir():
            return f"There is no folder {path.parent}; choose another place."
        return None

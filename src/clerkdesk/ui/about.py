"""About ClerkDesk: what is running, on which database, at which schema."""

from __future__ import annotations

import platform

from PySide6 import __version__ as pyside_version
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget

from clerkdesk import __version__
from clerkdesk.ui.context import UiContext


def about_facts(ctx: UiContext) -> list[tuple[str, str]]:
    return [
        ("Version", __version__),
        ("Database", ctx.database.describe()),
        ("Schema revision", ctx.schema_revision or "none"),
        ("Town", ctx.town.name if ctx.town else "not set up"),
        ("Log file", str(ctx.log_file) if ctx.log_file else "not written"),
        ("Python / Qt", f"{platform.python_version()} / PySide6 {pyside_version}"),
    ]


class AboutDialog(QDialog):
    def __init__(self, ctx: UiContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About ClerkDesk")
        self.setAccessibleName("About ClerkDesk")
        form = QFormLayout(self)
        title = QLabel("<b>ClerkDesk</b> — dog and kennel licensing for the clerk's office", self)
        form.addRow(title)
        self.values: dict[str, QLabel] = {}
        for label, value in about_facts(ctx):
            shown = QLabel(value, self)
            shown.setAccessibleName(label)
            form.addRow(f"{label}:", shown)
            self.values[label] = shown
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

"""The look: Fusion, one stylesheet from resources, bundled icons."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from clerkdesk.paths import resources_dir


def stylesheet(*, larger_text: bool = False) -> str:
    text = (resources_dir() / "style" / "clerkdesk.qss").read_text(encoding="utf-8")
    if larger_text:
        text = text.replace("font-size: 11pt", "font-size: 14pt")
    return text


def apply_style(app: QApplication, *, larger_text: bool = False) -> None:
    app.setStyle("Fusion")
    app.setStyleSheet(stylesheet(larger_text=larger_text))
    app.setWindowIcon(icon("app"))


@cache
def icon(name: str) -> QIcon:
    return QIcon(str(resources_dir() / "icons" / f"{name}.svg"))


@cache
def rail_icon(name: str) -> QIcon:
    """Light on the dark rail, dark on the light "current area" button; drawn when painted."""
    folder = resources_dir() / "icons"
    result = QIcon()
    result.addFile(
        str(folder / "light" / f"{name}.svg"), QSize(), QIcon.Mode.Normal, QIcon.State.Off
    )
    result.addFile(str(folder / f"{name}.svg"), QSize(), QIcon.Mode.Normal, QIcon.State.On)
    return result

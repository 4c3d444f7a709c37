"""The look: Fusion, one stylesheet from resources, bundled icons."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon, QPixmap
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


ICON_COLOUR = "#1f3a5f"
RAIL_COLOUR = "#e8eef6"


def _pixmap(name: str, colour: str, size: int) -> QPixmap:
    svg = (resources_dir() / "icons" / f"{name}.svg").read_text(encoding="utf-8")
    pixmap = QPixmap()
    pixmap.loadFromData(svg.replace(ICON_COLOUR, colour).encode("utf-8"), "SVG")
    return pixmap.scaled(
        size, size, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
    )


@cache
def icon(name: str) -> QIcon:
    return QIcon(str(resources_dir() / "icons" / f"{name}.svg"))


@cache
def rail_icon(name: str, size: int = 52) -> QIcon:
    """Light on the dark rail, dark on the light "current area" button."""
    result = QIcon()
    result.addPixmap(_pixmap(name, RAIL_COLOUR, size), QIcon.Mode.Normal, QIcon.State.Off)
    result.addPixmap(_pixmap(name, ICON_COLOUR, size), QIcon.Mode.Normal, QIcon.State.On)
    return result

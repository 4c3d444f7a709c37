"""The program's icon in the sizes the desktops ask for, drawn from ``resources/icons/app.svg``
with Qt's own SVG renderer: PNGs for Linux's hicolor theme, one multi-size ``.ico`` for
Windows (written by Pillow, which stores every size; Qt's ICO writer stores one)."""

from __future__ import annotations

import os
from pathlib import Path

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)


def render_pngs(svg: Path, folder: Path) -> dict[int, Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg} is not an SVG Qt can draw")
    folder.mkdir(parents=True, exist_ok=True)
    made = {}
    for size in PNG_SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        path = folder / f"clerkdesk-{size}.png"
        if not image.save(str(path)):  # PNG, from the suffix
            raise OSError(f"could not write {path}")
        made[size] = path
    return made


def write_ico(pngs: dict[int, Path], target: Path) -> Path:
    from PIL import Image

    largest = Image.open(pngs[max(pngs)])
    largest.save(target, format="ICO", sizes=[(s, s) for s in ICO_SIZES])
    return target

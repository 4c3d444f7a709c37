"""Settings → Certificate seal: the clerk chooses the town's seal from a file, from the
keyboard; it is kept in the database, and a file that cannot be a seal is refused."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clerkdesk.services.seal import seal_in_use
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.settings.seal import SealPage
from qt_support import RecordedDialogs

CTRL = Qt.KeyboardModifier.ControlModifier


def _seal_page(qtbot: QtBot, window: MainWindow) -> SealPage:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    qtbot.keyClick(window, Qt.Key.Key_F8)
    assert window.current_area == "settings"
    view = window.views["settings"]
    tabs = view.tabs  # type: ignore[attr-defined]
    tabs.setFocus()
    qtbot.keyClick(tabs, Qt.Key.Key_Tab, CTRL)  # the next settings page
    page = tabs.currentWidget()
    assert isinstance(page, SealPage)
    qtbot.waitUntil(lambda: not page.busy(), timeout=5000)
    return page


def test_the_clerk_chooses_the_towns_seal_and_every_workstation_has_it(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, tmp_path: Path
) -> None:
    page = _seal_page(qtbot, window)
    assert "plain default seal" in page.about.text()
    assert not page.default_button.isEnabled()
    image = io.BytesIO()
    Image.new("RGB", (300, 240), (20, 60, 160)).save(image, format="PNG")
    chosen = tmp_path / "Town Seal.png"
    chosen.write_bytes(image.getvalue())
    dialogs = ui_context.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    dialogs.open_paths.append(chosen)
    # WHEN the clerk presses Ctrl+O and picks the file
    qtbot.keyClick(page, Qt.Key.Key_O, CTRL)
    qtbot.waitUntil(lambda: not page.busy() and page.info is not None and not page.info.is_default)
    # THEN it is the seal in the database, shown with its name and size
    info, data = seal_in_use(ui_context.database)
    assert data == chosen.read_bytes() and info.filename == "Town Seal.png"
    assert "Town Seal.png (300 × 240 pixels)" in page.about.text()
    assert page.message.text().startswith("Saved")
    assert page.default_button.isEnabled()
    # AND the default comes back with a click on "Use the default seal"
    page.default_button.click()
    qtbot.waitUntil(lambda: not page.busy() and page.info is not None and page.info.is_default)
    assert seal_in_use(ui_context.database)[0].is_default


def test_a_file_that_is_not_an_image_is_refused_in_words(
    qtbot: QtBot, window: MainWindow, ui_context: UiContext, tmp_path: Path
) -> None:
    page = _seal_page(qtbot, window)
    wrong = tmp_path / "seal.png"
    wrong.write_text("not really a picture")
    dialogs = ui_context.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    dialogs.open_paths.append(wrong)
    qtbot.keyClick(page, Qt.Key.Key_O, CTRL)
    qtbot.waitUntil(lambda: not page.busy() and bool(page.message.text()))
    assert page.message.text() == "The file is not a PNG or JPEG image."
    assert seal_in_use(ui_context.database)[0].is_default

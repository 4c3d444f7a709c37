"""A new office set up from the keyboard, step by step, as its administrator would: the
helpers the set-up's tests share (each asserts the step it drives went where it should)."""

from __future__ import annotations

from pathlib import Path

from counter_fixtures import active_dialog, focused
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from clerkdesk.clock import Clock
from clerkdesk.services.office_setup import SetupStep
from clerkdesk.ui.app import build_shell, start
from clerkdesk.ui.context import Shell
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.setup.page import OfficeSetupPage
from clerkdesk.ui.sign_in_pages import FirstRunPage
from clerkdesk.ui.views.tags.receive_dialog import ReceiveTagsDialog
from qt_support import RecordedDialogs

ALT = Qt.KeyboardModifier.AltModifier
ADMIN = ("chief", "Pat Chief", "chief-password")


def open_window(qtbot: QtBot, url: str, clock: Clock) -> tuple[MainWindow, Shell]:
    shell = build_shell(url, clock, RecordedDialogs())
    window = start(url, shell)
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.gate is not None, timeout=15000)
    return window, shell


def recorded(shell: Shell) -> RecordedDialogs:
    assert isinstance(shell.dialogs, RecordedDialogs)
    return shell.dialogs


def type_line(qtbot: QtBot, text: str, then: Qt.Key = Qt.Key.Key_Tab) -> None:
    """Type into the field with the cursor, then Tab (or Enter) on."""
    if text:
        qtbot.keyClicks(focused(), text)
    qtbot.keyClick(focused(), then)


def create_administrator(qtbot: QtBot, window: MainWindow) -> OfficeSetupPage:
    """The first-run page, by keys: name, full name, the password twice, Enter. The set-up
    page follows, at the town's rules."""
    page = window.gate
    assert isinstance(page, FirstRunPage)
    qtbot.waitUntil(lambda: focused() is page.name)
    name, full_name, password = ADMIN
    for text in (name, full_name, password):
        type_line(qtbot, text)
    type_line(qtbot, password, Qt.Key.Key_Return)
    return setup_page(qtbot, window, SetupStep.TOWN)


def setup_page(qtbot: QtBot, window: MainWindow, at: SetupStep) -> OfficeSetupPage:
    qtbot.waitUntil(lambda: isinstance(window.gate, OfficeSetupPage), timeout=15000)
    page = window.gate
    assert isinstance(page, OfficeSetupPage)
    wait_step(qtbot, page, at)
    return page


def wait_step(qtbot: QtBot, page: OfficeSetupPage, step: SetupStep) -> None:
    """The page shows ``step``, has read the database, and the step has the cursor."""
    qtbot.waitUntil(lambda: page.current is step and not page.busy(), timeout=15000)
    target = page.step_page.first_focus()
    if target is not None:
        qtbot.waitUntil(lambda: QApplication.focusWidget() is target)


def choose_preset_by_keys(qtbot: QtBot, page: OfficeSetupPage, preset_id: str) -> None:
    """Arrow down the presets until ``preset_id``'s shows, then Enter."""
    presets = page.town.presets
    assert focused() is presets
    qtbot.keyClick(presets, Qt.Key.Key_Home)
    while presets.currentData() != preset_id:
        at = presets.currentIndex()
        qtbot.keyClick(presets, Qt.Key.Key_Down)
        assert presets.currentIndex() == at + 1, f"no preset {preset_id}"
    qtbot.keyClick(presets, Qt.Key.Key_Return)


def choose_seal_by_keys(qtbot: QtBot, page: OfficeSetupPage, shell: Shell, image: Path) -> None:
    """Ctrl+O, the image file (through the dialogs' seam), then wait for it to be saved."""
    recorded(shell).open_paths.append(image)
    qtbot.keyClick(focused(), Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    seal = page.steps[SetupStep.SEAL]
    qtbot.waitUntil(lambda: "Saved" in seal.seal.message.text() and not seal.busy())  # type: ignore[attr-defined]


def receive_tags_by_keys(
    qtbot: QtBot, page: OfficeSetupPage, first: int, last: int, prefix: str
) -> None:
    """Enter on Receive tags…, then the form: this year, first, last, prefix, Enter."""
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    dialog = active_dialog(qtbot, ReceiveTagsDialog)
    assert isinstance(dialog, ReceiveTagsDialog)
    assert focused() is dialog.year
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    type_line(qtbot, str(first))
    type_line(qtbot, str(last))
    type_line(qtbot, prefix, Qt.Key.Key_Return)
    tags = page.steps[SetupStep.TAGS]
    qtbot.waitUntil(lambda: tags.dialog is None, timeout=15000)  # type: ignore[attr-defined]


def add_colleague_by_keys(
    qtbot: QtBot, page: OfficeSetupPage, name: str, full_name: str, password: str, downs: int
) -> None:
    """User name, full name, the role ``downs`` below the clerk, the password twice."""
    staff = page.steps[SetupStep.STAFF]
    assert focused() is staff.first_focus()
    type_line(qtbot, name)
    type_line(qtbot, full_name)
    for _ in range(downs):
        qtbot.keyClick(focused(), Qt.Key.Key_Down)
    type_line(qtbot, "")
    type_line(qtbot, password)
    type_line(qtbot, password, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not page.busy() and name in page.notice.text(), timeout=15000)


def next_step(qtbot: QtBot, page: OfficeSetupPage) -> None:
    """Alt+→: the next step (or Skip, or Finish on the last)."""
    qtbot.keyClick(focused(), Qt.Key.Key_Right, ALT)


def focus_in(widget: QWidget) -> bool:
    return QApplication.focusWidget() is widget

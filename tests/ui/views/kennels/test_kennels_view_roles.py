"""Signed in as each role, every action of the Kennels area — its buttons, their keys, and the
buttons of every form they open — is either offered and ends in a form or in words, or is
hidden or disabled with its reason; a refusal is never an unhandled exception (pytest-qt
fails the test on any exception a slot raises) nor the crash handler's message."""

from __future__ import annotations

import pytest
from kennels_area_support import keepers, license_kennel, open_kennels, seed_kennel
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot
from role_walk import Walk, walk_buttons

from actors import staff
from clerkdesk.clock import FixedClock
from clerkdesk.rules.roles import Role
from clerkdesk.services.kennels import close_kennel
from clerkdesk.services.users import DEMO_ACCOUNTS, demo_password
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.nav import areas_open_to
from clerkdesk.ui.views.kennels import KennelsView
from clerkdesk.ui.views.kennels.offers import ActionButton
from qt_support import RecordedDialogs, sign_in_window

pytestmark = [pytest.mark.slow]
KENNELS = ("Due Kennel", "Licensed Kennel", "Closed Kennel")


def _dialogs() -> list[QDialog]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()]


def _settle(qtbot: QtBot, window: MainWindow) -> None:
    assert window.ctx is not None
    for _ in range(3):
        window.ctx.tasks.wait()
        qtbot.wait(20)


def _close(before: list[QDialog]) -> None:
    for dialog in reversed(_dialogs()):
        if dialog not in before:
            dialog.reject()
            dialog.close()


def _press_key(button: ActionButton, view: KennelsView) -> None:
    sequence = QKeySequence(button.keys)[0]
    QTest.keyClick(view.table, sequence.key(), sequence.keyboardModifiers())


def _refused_in_words(qtbot: QtBot, view: KennelsView, button: ActionButton) -> None:
    """Not offered: its reason is its tooltip, and its key says that reason, opening nothing."""
    assert button.reason and button.toolTip() == button.reason, button.accessibleName()
    before = _dialogs()
    view.say("")
    _press_key(button, view)
    assert view.notice.isVisible() and view.notice.text() == button.reason
    assert _dialogs() == before
    button.click()  # a click reaching it anyway (a hidden button's slot) does nothing
    assert _dialogs() == before


def _seed(ui_context: UiContext, clock: FixedClock) -> None:
    """A kennel inspected and due for 2026–27, one licensed, and one licensed and then
    closed."""
    for keeper, name in zip(keepers(ui_context.database, 3), KENNELS, strict=True):
        kennel = seed_kennel(ui_context.database, keeper, clock, name=name)
        if not name.startswith("Due"):
            license_kennel(ui_context.database, kennel, clock, 2026)
        if name.startswith("Closed"):
            close_kennel(
                ui_context.database, kennel.kennel_id, "moved away", actor=staff(), clock=clock
            )


@pytest.mark.parametrize("name", [name for name, _role, _full in DEMO_ACCOUNTS])
def test_every_kennels_action_as_every_role(
    qtbot: QtBot,
    window: MainWindow,
    ui_context: UiContext,
    clock: FixedClock,
    shell_dialogs: RecordedDialogs,
    name: str,
) -> None:
    # GIVEN a kennel due, one licensed and one closed, and one of the demo's people signed in
    _seed(ui_context, clock)
    window.resize(1280, 800)
    window.sign_out()
    sign_in_window(qtbot, window, name, demo_password(name))
    qtbot.waitUntil(lambda: window.is_open and not window.busy(), timeout=10000)
    assert window.ctx is not None
    actor = window.ctx.actor
    view = window.views["kennels"]
    assert isinstance(view, KennelsView)
    if "kennels" not in areas_open_to(actor):
        # THEN a role without the area cannot come to it, and nothing in it acts for them
        assert not window.nav.buttons["kennels"].isVisibleTo(window)
        qtbot.keyClick(window, Qt.Key.Key_F4)
        assert window.current_area != "kennels"
        for button in view.action_buttons():
            assert button.isHidden() and "may not" in button.toolTip()
            button.click()
        _settle(qtbot, window)
        assert _dialogs() == []
        return
    # WHEN they come to Kennels (F4) and, on each kennel, press every action and its key
    view = open_kennels(qtbot, window)
    walk = Walk()
    offered: set[str] = set()
    for kennel in KENNELS:
        row = [r.name for r in view.model.rows].index(kennel)
        view.table.setCurrentIndex(view.model.index(row, 0))
        qtbot.waitUntil(lambda: not view.busy())
        for button in view.action_buttons():
            if not button.offered:
                # THEN each action not offered says why, on hover and on its key
                _refused_in_words(qtbot, view, button)
                walk.refused.append(button.accessibleName())
                continue
            # THEN each action offered ends in a form (every button of which is pressed in
            # turn) or in words in the area's message line
            before = _dialogs()
            view.say("")
            offered.add(button.accessibleName())
            button.click()
            _settle(qtbot, window)
            opened = [d for d in _dialogs() if d not in before]
            assert opened or view.notice.text(), button.accessibleName()
            for dialog in opened[:1]:
                walk_buttons(qtbot, window, dialog, walk)
            _close(before)
            _settle(qtbot, window)
            view.table.setCurrentIndex(
                view.model.index([r.name for r in view.model.rows].index(kennel), 0)
            )
            qtbot.waitUntil(lambda: not view.busy())
    # AND something was offered, and nothing reached the crash handler
    assert offered, name
    if actor.role is Role.ANIMAL_CONTROL:
        assert offered == {"Record inspection", "Inspection record"}
    unexpected = [text for _title, text in shell_dialogs.errors if "did not expect" in text]
    assert unexpected == []


@pytest.fixture
def shell_dialogs(ui_context: UiContext) -> RecordedDialogs:
    dialogs = ui_context.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    return dialogs

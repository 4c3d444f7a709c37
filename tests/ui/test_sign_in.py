"""Signing in at the main window, from the keyboard: the sign-in page, the first run's
administrator, Lock and the idle lock, and the areas each role sees."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from counter_fixtures import active_dialog
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QLineEdit
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.ui.app import build_shell, start
from clerkdesk.ui.context import Shell
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.nav import AREAS
from clerkdesk.ui.setup.page import OfficeSetupPage
from clerkdesk.ui.sign_in_pages import FirstRunPage, SignInPage
from clerkdesk.ui.views.kennels.kennel_dialog import KennelDialog
from qt_support import RecordedDialogs, sign_in_window

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
CTRL_ALT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier


def _open(qtbot: QtBot, url: str, shell: Shell) -> MainWindow:
    main = start(url, shell)
    qtbot.addWidget(main)
    qtbot.waitExposed(main)
    qtbot.waitUntil(lambda: main.gate is not None, timeout=10000)
    return main


@pytest.fixture
def gated(qtbot: QtBot, shell: Shell, demo_url: str) -> Iterator[MainWindow]:
    """The main window over the demo database, at its sign-in page."""
    main = _open(qtbot, demo_url, shell)
    yield main
    shell.tasks.wait()
    if main.workspace is not None:
        main.workspace.database.dispose()


def _type(qtbot: QtBot, page: SignInPage, name: str, password: str) -> None:
    page.name.clear()
    page.password.clear()
    qtbot.keyClicks(page.name, name)
    qtbot.keyClick(page.name, Qt.Key.Key_Tab)
    qtbot.keyClicks(page.password, password)
    qtbot.keyClick(page.password, Qt.Key.Key_Return)


def test_the_sign_in_page_lists_the_demo_people_and_refuses_a_wrong_password(
    qtbot: QtBot, gated: MainWindow
) -> None:
    page = gated.gate
    assert isinstance(page, SignInPage)
    assert QApplication.focusWidget() is page.name
    listed = page.findChild(type(page.message), "DemoUsers")
    assert listed is not None
    for name in ("admin", "clerk", "assistant", "aco", "treasurer"):
        assert f"demo-{name}" in listed.text()
    assert not gated.nav.isEnabled() and not gated.search.isEnabled()
    assert gated.status.user.text() == "Not signed in"
    # WHEN the clerk types a wrong password
    _type(qtbot, page, "clerk", "not-the-password")
    qtbot.waitUntil(lambda: page.message.isVisible(), timeout=10000)
    # THEN the page says so beside the fields, clears the password and keeps the cursor there
    assert page.message.text() == "That name and password do not match."
    assert page.password.text() == "" and QApplication.focusWidget() is page.password
    assert gated.gate is page and not gated.is_open
    # WHEN the right one follows
    qtbot.keyClicks(page.password, "demo-clerk")
    qtbot.keyClick(page.password, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: gated.is_open and gated.gate is None, timeout=10000)
    assert gated.ctx is not None and gated.ctx.actor.name == "clerk"
    assert gated.status.user.text() == "Signed in: clerk (clerk)"
    assert gated.current_area == "counter" and QApplication.focusWidget() is gated.search


def test_an_empty_database_first_creates_the_administrator(
    qtbot: QtBot, sqlite_database: Database, sqlite_url: str, clock: FixedClock
) -> None:
    from clerkdesk.services.users import list_users

    shell = build_shell(sqlite_url, clock, RecordedDialogs())
    window = _open(qtbot, sqlite_url, shell)
    try:
        page = window.gate
        assert isinstance(page, FirstRunPage)
        assert page.button.text() == "Create the administrator (Enter)"
        qtbot.keyClicks(page.name, "chief")
        qtbot.keyClick(page.name, Qt.Key.Key_Tab)
        qtbot.keyClicks(page.full_name, "Pat Chief")
        qtbot.keyClick(page.full_name, Qt.Key.Key_Tab)
        qtbot.keyClicks(page.password, "chief-password")
        qtbot.keyClick(page.password, Qt.Key.Key_Tab)
        qtbot.keyClicks(page.again, "chief-passwrod")
        qtbot.keyClick(page.again, Qt.Key.Key_Return)
        assert page.message.text() == "The two passwords differ; type the same one twice."
        assert list_users(sqlite_database) == []
        qtbot.keyClicks(page.again, "chief-password")
        qtbot.keyClick(page.again, Qt.Key.Key_Return)
        # the office's set-up follows (tests/ui/setup); Finish later (Alt+L) opens the window
        qtbot.waitUntil(lambda: isinstance(window.gate, OfficeSetupPage), timeout=10000)
        qtbot.keyClick(window.gate, Qt.Key.Key_L, Qt.KeyboardModifier.AltModifier)
        qtbot.waitUntil(lambda: window.is_open and window.gate is None, timeout=10000)
        assert window.status.user.text() == "Signed in: chief (administrator)"
        [user] = list_users(sqlite_database)
        assert (user.name, user.full_name, user.role.value) == (
            "chief",
            "Pat Chief",
            "administrator",
        )
    finally:
        shell.tasks.wait()


def test_a_short_password_is_refused_on_the_first_run_page(
    qtbot: QtBot, sqlite_database: Database, sqlite_url: str, clock: FixedClock
) -> None:
    shell = build_shell(sqlite_url, clock, RecordedDialogs())
    window = _open(qtbot, sqlite_url, shell)
    try:
        page = window.gate
        assert isinstance(page, FirstRunPage)
        for field, text in ((page.name, "chief"), (page.password, "short"), (page.again, "short")):
            qtbot.keyClicks(field, text)
        qtbot.keyClick(page.again, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: page.message.isVisible() and not page.working, timeout=10000)
        assert "at least 8 characters" in page.message.text()
        assert QApplication.focusWidget() is page.password and window.gate is page
    finally:
        shell.tasks.wait()


def test_lock_keeps_the_work_for_the_same_person_and_another_signs_them_out(
    qtbot: QtBot, gated: MainWindow
) -> None:
    sign_in_window(qtbot, gated, "clerk", "demo-clerk")
    qtbot.keyClick(gated, Qt.Key.Key_F3)
    owners = gated.views["owners"]
    # WHEN the clerk locks the window (Ctrl+Alt+L)
    qtbot.keyClick(gated, Qt.Key.Key_L, CTRL_ALT)
    page = gated.gate
    assert isinstance(page, SignInPage) and page.title.text() == "Locked"
    assert page.name.text() == "clerk" and QApplication.focusWidget() is page.password
    assert gated.status.user.text() == "Locked: clerk (clerk)"
    assert not gated.nav.isEnabled()
    # THEN the clerk's password brings back the same screen, as it was
    qtbot.keyClicks(page.password, "demo-clerk")
    qtbot.keyClick(page.password, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: gated.gate is None, timeout=10000)
    assert gated.views["owners"] is owners and gated.current_area == "owners"
    # WHEN, locked again, the assistant signs in instead, THEN the clerk is signed out
    qtbot.keyClick(gated, Qt.Key.Key_L, CTRL_ALT)
    page = gated.gate
    assert isinstance(page, SignInPage)
    _type(qtbot, page, "assistant", "demo-assistant")
    qtbot.waitUntil(lambda: gated.gate is None, timeout=10000)
    assert gated.views["owners"] is not owners
    assert gated.ctx is not None and gated.ctx.actor.name == "assistant"
    assert gated.status.user.text() == "Signed in: assistant (assistant clerk)"


def test_sign_out_returns_to_the_sign_in_page(qtbot: QtBot, gated: MainWindow) -> None:
    sign_in_window(qtbot, gated)
    assert gated.lock_action.shortcut().toString() == "Ctrl+Alt+L"
    assert gated.sign_out_action.shortcut().toString() == "Ctrl+Shift+Q"
    qtbot.keyClick(gated, Qt.Key.Key_Q, CTRL_SHIFT)
    page = gated.gate
    assert isinstance(page, SignInPage) and page.title.text() == "Sign in"
    assert not gated.is_open and gated.views == {} and gated.shell.actor is None


def test_the_window_locks_after_the_idle_time_and_keys_keep_it_open(
    qtbot: QtBot, gated: MainWindow
) -> None:
    sign_in_window(qtbot, gated)
    qtbot.waitUntil(lambda: gated.idle.limit_ms == 10 * 60_000, timeout=5000)
    # GIVEN an office that locks after a moment (the test's stand-in for its minutes)
    gated.idle.set_limit_ms(600)
    # WHILE keys are pressed the window stays open
    for _ in range(6):
        qtbot.keyClick(gated.search, Qt.Key.Key_Shift)
        qtbot.wait(200)
    assert gated.gate is None
    # WHEN nobody touches it, THEN it locks for the same person
    qtbot.waitUntil(lambda: gated.gate is not None, timeout=5000)
    assert isinstance(gated.gate, SignInPage) and gated.gate.title.text() == "Locked"
    assert gated.gate.name.text() == "admin"


def test_no_idle_lock_when_the_office_sets_none(
    qtbot: QtBot, gated: MainWindow, sqlite_database: Database
) -> None:
    from actors import staff
    from clerkdesk.rules.roles import Role
    from clerkdesk.services.idle_lock import set_idle_lock_minutes

    set_idle_lock_minutes(sqlite_database, 0, actor=staff("admin", Role.ADMINISTRATOR))
    sign_in_window(qtbot, gated)
    qtbot.waitUntil(lambda: gated.idle.limit_ms == 0, timeout=5000)
    qtbot.wait(300)
    assert gated.gate is None


@pytest.mark.parametrize(
    ("name", "shown", "lands_on"),
    [
        ("treasurer", {"money", "reports", "audit"}, "money"),
        # The officer lands on their own work, the Enforcement area.
        ("aco", {"owners", "kennels", "money", "reports", "enforcement"}, "enforcement"),
        (
            "assistant",
            {"counter", "owners", "kennels", "tags", "money", "reports", "enforcement"},
            "counter",
        ),
        ("clerk", {area.key for area in AREAS}, "counter"),
    ],
)
def test_each_role_sees_only_its_areas(
    qtbot: QtBot, gated: MainWindow, name: str, shown: set[str], lands_on: str
) -> None:
    sign_in_window(qtbot, gated, name, f"demo-{name}")
    visible = {key for key, button in gated.nav.buttons.items() if button.isVisibleTo(gated)}
    assert visible == shown
    assert gated.current_area == lands_on
    # A hidden area's function key does nothing.
    if "settings" not in shown:
        qtbot.keyClick(gated, Qt.Key.Key_F8)
        assert gated.current_area == lands_on
    assert gated.search.isEnabled() == ("counter" in shown)
    assert QApplication.focusWidget() is not None


def test_every_area_names_a_permission_that_exists() -> None:
    from clerkdesk.rules.roles import Permission

    for area in AREAS:
        for need in area.needs:
            assert Permission(need)


def test_the_idle_minutes_are_set_in_settings_by_keys(
    qtbot: QtBot, window: MainWindow, sqlite_database: Database
) -> None:
    from clerkdesk.services.idle_lock import idle_lock_minutes

    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F8)
    settings = window.views["settings"]
    settings.tabs.setCurrentWidget(settings.idle_lock)  # type: ignore[attr-defined]
    page = settings.idle_lock  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: not page.busy() and page.minutes.value() == 10, timeout=5000)
    page.minutes.setFocus()
    page.minutes.selectAll()
    qtbot.keyClicks(page.minutes, "3")
    qtbot.keyClick(page.minutes, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    # A button's shortcut clicks it a moment later.
    qtbot.waitUntil(lambda: idle_lock_minutes(sqlite_database) == 3, timeout=3000)
    assert "after 3 idle minutes" in page.message.text()


def test_the_idle_lock_sets_an_open_form_aside_and_brings_it_back(
    qtbot: QtBot, gated: MainWindow
) -> None:
    sign_in_window(qtbot, gated, "clerk", "demo-clerk")
    qtbot.waitUntil(lambda: gated.idle.limit_ms > 0, timeout=5000)
    # GIVEN a form half filled in, left open (New kennel…)
    form = _half_filled_form(qtbot, gated)
    gated.idle.set_limit_ms(300)
    # WHEN nobody touches it, THEN the window locks and the form is hidden under the lock
    qtbot.waitUntil(lambda: gated.gate is not None, timeout=5000)
    assert not form.isVisible()
    page = gated.gate
    assert isinstance(page, SignInPage) and page.title.text() == "Locked"
    qtbot.waitUntil(lambda: QApplication.activeWindow() is gated, timeout=5000)
    # WHEN the same clerk unlocks, THEN the form is back as it was, with the keyboard
    gated.idle.set_limit_ms(0)
    qtbot.keyClicks(page.password, "demo-clerk")
    qtbot.keyClick(page.password, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: gated.gate is None and form.isVisible(), timeout=10000)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is form, timeout=5000)
    field = QApplication.focusWidget()
    assert isinstance(field, QLineEdit) and field.text() == "Pat's Kennel"
    # and typing goes on after what was written, never over it
    qtbot.keyClicks(field, " Two")
    assert field.text() == "Pat's Kennel Two"
    form.reject()


def test_someone_else_signing_in_cancels_what_was_left_open(
    qtbot: QtBot, gated: MainWindow
) -> None:
    sign_in_window(qtbot, gated, "clerk", "demo-clerk")
    form = _half_filled_form(qtbot, gated)
    gated.lock()
    assert gated.gate is not None and not form.isVisible()
    page = gated.gate
    assert isinstance(page, SignInPage)
    _type(qtbot, page, "assistant", "demo-assistant")
    qtbot.waitUntil(lambda: gated.gate is None, timeout=10000)
    assert not form.isVisible() and form.result() == QDialog.DialogCode.Rejected
    assert QApplication.activeModalWidget() is None


def _half_filled_form(qtbot: QtBot, window: MainWindow) -> QDialog:
    """New kennel… (F4, then Ctrl+N) with its name typed."""
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_F4)
    qtbot.waitUntil(lambda: not window.busy(), timeout=5000)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    form = active_dialog(qtbot, KennelDialog)
    assert isinstance(form, KennelDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is form.name, timeout=5000)
    qtbot.keyClicks(form.name, "Pat's Kennel")
    return form


def test_lock_over_a_half_filled_form_takes_the_next_persons_keys_to_the_sign_in_page(
    qtbot: QtBot, gated: MainWindow
) -> None:
    sign_in_window(qtbot, gated, "clerk", "demo-clerk")
    # GIVEN a form half filled in, its field holding the keyboard
    form = _half_filled_form(qtbot, gated)
    field = QApplication.focusWidget()
    assert isinstance(field, QLineEdit) and field.text() == "Pat's Kennel"
    # WHEN the clerk presses Ctrl+Alt+L in the form (the window's own shortcut cannot fire)
    qtbot.keyClick(field, Qt.Key.Key_L, CTRL_ALT)
    # THEN the window locks at once, the form hidden, and nothing typed into it
    assert gated.gate is not None and not form.isVisible()
    assert field.text() == "Pat's Kennel"
    page = gated.gate
    assert isinstance(page, SignInPage) and page.title.text() == "Locked"
    # AND the same clerk, signing back in, finds the form as it was
    qtbot.keyClicks(page.password, "demo-clerk")
    qtbot.keyClick(page.password, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: gated.gate is None and form.isVisible(), timeout=10000)
    assert field.text() == "Pat's Kennel"
    form.reject()


def test_sign_out_over_a_form_cancels_it_and_shows_the_sign_in_page(
    qtbot: QtBot, gated: MainWindow
) -> None:
    sign_in_window(qtbot, gated, "clerk", "demo-clerk")
    form = _half_filled_form(qtbot, gated)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Q, CTRL_SHIFT)
    page = gated.gate
    assert isinstance(page, SignInPage) and page.title.text() == "Sign in"
    assert not form.isVisible() and form.result() == QDialog.DialogCode.Rejected
    assert gated.shell.actor is None and QApplication.activeModalWidget() is None


def test_the_locked_page_shows_no_search_and_switch_user_is_one_key_away(
    qtbot: QtBot, gated: MainWindow
) -> None:
    sign_in_window(qtbot, gated, "clerk", "demo-clerk")
    gated.search.setText("Larson")
    qtbot.keyClick(gated, Qt.Key.Key_L, CTRL_ALT)
    page = gated.gate
    assert isinstance(page, SignInPage) and page.switch is not None
    assert gated.search.text() == ""  # nothing of the last customer
    # Alt+W: the name is the colleague's to type, and the cursor waits there
    assert page.switch.shortcut().toString() == "Alt+W"
    page.switch.click()
    assert page.name.text() == "" and QApplication.focusWidget() is page.name
    # The clerk, signing back in, finds the search as it was
    _type(qtbot, page, "clerk", "demo-clerk")
    qtbot.waitUntil(lambda: gated.gate is None, timeout=10000)
    assert gated.search.text() == "Larson"


def test_the_locked_counter_shows_no_drawer_cash(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(
        lambda: "Drawer:" in window.status.drawer.text() and "—" not in window.status.drawer.text()
    )
    window.lock()
    assert window.status.drawer.text() == "Drawer: —"
    sign_in_window(qtbot, window)
    qtbot.waitUntil(lambda: "$" in window.status.drawer.text())

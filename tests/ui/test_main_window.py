"""The main window shell, driven from the keyboard."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.migrate import head_revision
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.crash import install_crash_handler
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.nav import AREAS
from qt_support import RecordedDialogs


def test_function_keys_move_between_every_area(qtbot: QtBot, window: MainWindow) -> None:
    for area in AREAS:
        qtbot.keyClick(window, getattr(Qt.Key, f"Key_{area.shortcut}"))
        assert window.current_area == area.key
        assert window.nav.buttons[area.key].isChecked()
        assert area.shortcut in window.nav.buttons[area.key].toolTip()


def test_ctrl_k_puts_the_cursor_in_search_from_anywhere(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F3)
    window.views["owners"].table.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is window.search


def test_the_status_bar_names_the_database_the_license_year_and_the_user(
    window: MainWindow, ui_context: UiContext
) -> None:
    status = window.status
    assert status.database.text().startswith("This PC: ")
    # Westborough's license year runs April 1 to March 31; the clock stands at June 1, 2026.
    assert status.license_year.text().startswith("License year 2026")
    assert "04/01/2026" in status.license_year.text()
    assert "03/31/2027" in status.license_year.text()
    assert ui_context.user_name in status.user.text()


def test_the_status_bar_follows_the_date_while_the_app_stays_open(
    qtbot: QtBot, window: MainWindow, clock: FixedClock
) -> None:
    status = window.status
    assert status.day_timer.isActive()
    text = status.license_year.text()
    # GIVEN the app left open into February, when next year's licenses go on sale
    clock.moment = clock.moment.replace(year=2027, month=2, day=15)
    # WHEN the minute's check runs
    status.follow_the_date()
    # THEN the status bar says so (and, from the database, that no one has opened it yet),
    # and on April 1 the new year is the one in force
    assert status.license_year.text().startswith(text + " · 2027–28 on sale")
    qtbot.waitUntil(
        lambda: status.license_year.text() == text + " · 2027–28 on sale, not opened yet"
    )
    clock.moment = clock.moment.replace(month=4, day=1)
    status.follow_the_date()
    assert status.license_year.text().startswith("License year 2027–28 (04/01/2027")
    qtbot.wait(200)  # the database's answer changes nothing here
    assert "on sale" not in status.license_year.text()


def test_the_counter_shows_the_figures_of_the_demo_town(window: MainWindow) -> None:
    tiles = window.views["counter"].tiles  # type: ignore[attr-defined]
    assert tiles["dogs"].number.text() == "450"
    assert int(tiles["owners"].number.text()) > 0


def test_about_names_version_database_and_schema(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F1)
    dialog = next(
        w
        for w in QApplication.topLevelWidgets()
        if w.isVisible() and w.windowTitle() == "About ClerkDesk"
    )
    assert dialog.values["Schema revision"].text() == head_revision()  # type: ignore[attr-defined]
    assert dialog.values["Town"].text() == "Town of Westborough"  # type: ignore[attr-defined]
    dialog.close()


def test_every_input_and_button_has_an_accessible_name(window: MainWindow) -> None:
    from PySide6.QtWidgets import QAbstractButton, QLineEdit, QTableView

    unnamed = [
        w
        for w in window.findChildren(QWidget)
        if isinstance(w, (QAbstractButton, QLineEdit, QTableView))
        and not w.accessibleName()
        and w.isVisibleTo(window)
    ]
    assert unnamed == []


def test_empty_areas_say_what_to_do_first(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F5)
    empty = window.views["tags"].findChild(QLabel, "EmptyState")
    assert empty is not None and "Receive tags" in empty.text()


@pytest.mark.allow_log_errors
def test_an_unexpected_error_shows_a_short_message_and_logs_the_traceback(
    window: MainWindow, ui_context: UiContext, caplog: pytest.LogCaptureFixture
) -> None:
    previous = install_crash_handler(ui_context.dialogs, ui_context.log_file)
    try:
        try:
            raise RuntimeError("printer exploded")
        except RuntimeError as exc:
            sys.excepthook(type(exc), exc, exc.__traceback__)
    finally:
        sys.excepthook = previous
    dialogs = ui_context.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    title, text = dialogs.errors[-1]
    assert title == "ClerkDesk"
    assert "Traceback" not in text and "printer exploded" not in text
    assert "did not expect" in text
    record = next(r for r in caplog.records if r.name == "clerkdesk.crash")
    assert record.exc_info is not None and "printer exploded" in str(record.exc_info[1])


@pytest.mark.allow_log_errors
def test_a_database_that_cannot_be_opened_is_explained_in_the_window(
    qtbot: QtBot, shell: object, tmp_path: object
) -> None:
    from clerkdesk.ui.app import build_shell, start

    dialogs = RecordedDialogs()
    broken = build_shell("mysql://nowhere/db", shell.clock, dialogs)  # type: ignore[attr-defined]
    window = start("mysql://nowhere/db", broken)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: bool(dialogs.errors), timeout=5000)
    title, text = dialogs.errors[0]
    assert title == "The database could not be opened"
    assert "Unsupported database 'mysql'" in text
    assert "Unsupported database" in window.waiting.hint.text()
    assert not window.is_open and not window.nav.isEnabled()
    broken.tasks.wait()


def test_the_window_paints_before_the_database_layers_are_imported() -> None:
    # The main window shows before the database opens; what it imports to get there must
    # not pull in SQLAlchemy, the rules engine or the services (the first-paint benchmark).
    import subprocess

    probe = (
        "import sys; import clerkdesk.cli.main, clerkdesk.ui.app, clerkdesk.ui.main_window;"
        "heavy = ('sqlalchemy', 'clerkdesk.rules', 'clerkdesk.services', 'clerkdesk.db');"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(heavy))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.split() == []

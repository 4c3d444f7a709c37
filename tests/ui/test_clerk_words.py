"""Words a clerk reads: no screen shows a command line or a TOML key. Settings names a
late fee's reach and an example value as the Town rules page does; the counter's cart says
what each late fee counts; the idle lock says "1 idle minute"."""

from __future__ import annotations

from clerk_words import machine_words, machine_words_on, visible_texts
from counter_fixtures import CounterCase, focused, open_owner_by_keyboard
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabWidget
from pytestqt.qtbot import QtBot

from clerkdesk.rules.presets import list_presets, load_preset
from clerkdesk.ui.counter.view import CounterView
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.settings.idle_lock import IdleLockPage
from clerkdesk.ui.views.settings.rule_rows import RuleRow, profile_rows


def _open_settings(qtbot: QtBot, window: MainWindow) -> QTabWidget:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    qtbot.keyClick(window, Qt.Key.Key_F8)
    qtbot.waitUntil(lambda: not window.busy(), timeout=5000)
    tabs: QTabWidget = window.views["settings"].tabs  # type: ignore[attr-defined]
    return tabs


def test_every_settings_page_speaks_the_clerks_words(qtbot: QtBot, window: MainWindow) -> None:
    tabs = _open_settings(qtbot, window)
    for index in range(tabs.count()):
        tabs.setCurrentIndex(index)
        page = tabs.widget(index)
        assert machine_words_on(page) == {}, tabs.tabText(index)
    # Westborough's late fee reaches "a dog previously licensed in the Town"
    texts = list(visible_texts(tabs.widget(0)))
    assert "a dog licensed in this town before" in texts
    assert not any("licensed_here_before" in text for text in texts)


def test_no_preset_shows_a_key_on_the_town_rules_page() -> None:
    def walk(rows: tuple[RuleRow, ...] | list[RuleRow]) -> list[str]:
        found: list[str] = []
        for row in rows:
            found += machine_words(f"{row.label} {row.value}")
            found += walk(row.children)
        return found

    for preset in list_presets():
        profile = load_preset(preset.id)
        rows = profile_rows(profile, max(s.effective for s in profile.schedules))
        assert walk(rows) == [], preset.id


def test_the_counter_with_late_fees_in_the_cart_speaks_the_clerks_words(
    qtbot: QtBot, window: MainWindow, counter: CounterView, counter_case: CounterCase
) -> None:
    open_owner_by_keyboard(qtbot, window, counter, counter_case)
    qtbot.keyClick(focused(), Qt.Key.Key_R)
    assert counter.cart.table.rowCount() >= 4
    assert machine_words_on(counter) == {}


def test_one_idle_minute_is_said_in_the_singular(qtbot: QtBot, window: MainWindow) -> None:
    tabs = _open_settings(qtbot, window)
    page = window.views["settings"].idle_lock  # type: ignore[attr-defined]
    assert isinstance(page, IdleLockPage)
    tabs.setCurrentWidget(page)
    qtbot.waitUntil(lambda: not page.busy(), timeout=5000)
    page.minutes.setValue(1)
    assert page.minutes.text() == "1 minute"
    page.save()
    assert page.message.text() == (
        "Saved: every workstation locks after 1 idle minute (from its next sign-in)."
    )
    page.minutes.setValue(15)
    assert page.minutes.text() == "15 minutes"
    page.save()
    assert "after 15 idle minutes" in page.message.text()

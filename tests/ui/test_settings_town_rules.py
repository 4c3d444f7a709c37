"""Settings → Town rules, driven from the keyboard over real databases."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDateEdit,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)
from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.ui.app import build_shell, start
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.views.settings.confirm_dialog import ConfirmExamplesDialog
from clerkdesk.ui.views.settings.editor import TomlEditorDialog
from clerkdesk.ui.views.settings.schedule_dialog import AddScheduleDialog
from clerkdesk.ui.views.settings.tables import KEY_ROLE
from clerkdesk.ui.views.settings.town_rules import TownRulesPage
from prepared_databases import demo_copy
from qt_support import RecordedDialogs, sign_in_window

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def _activate(qtbot: QtBot, window: QWidget) -> None:
    """The page's shortcuts work in the active window, as at the counter PC."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)


def _open_settings(qtbot: QtBot, window: MainWindow) -> TownRulesPage:
    _activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F8)
    assert window.current_area == "settings"
    qtbot.waitUntil(lambda: not window.busy(), timeout=5000)
    page: TownRulesPage = window.views["settings"].town_rules  # type: ignore[attr-defined]
    return page


def _items(tree: QTreeWidget) -> Iterator[QTreeWidgetItem]:
    stack = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    while stack:
        item = stack.pop(0)
        if item is None:
            continue
        yield item
        stack.extend(item.child(i) for i in range(item.childCount()))


def _row(tree: QTreeWidget, key: str) -> QTreeWidgetItem:
    return next(item for item in _items(tree) if item.data(0, KEY_ROLE) == key)


def _replace(qtbot: QtBot, editor: QPlainTextEdit, old: str, new: str) -> None:
    """Select ``old`` as Ctrl+F would and type ``new`` over it."""
    assert editor.find(old)
    qtbot.keyClicks(editor, new)


def _shortcut(qtbot: QtBot, page: TownRulesPage, key: Qt.Key, modifiers: object) -> object:
    """Press a page shortcut; a button's shortcut clicks it a moment later."""
    _activate(qtbot, page.window())
    qtbot.keyClick(page.rules, key, modifiers)  # type: ignore[arg-type]
    qtbot.waitUntil(lambda: page.dialog is not None, timeout=3000)
    return page.dialog


def _wait_closed(qtbot: QtBot, page: TownRulesPage) -> None:
    qtbot.waitUntil(lambda: page.dialog is None and not page.busy(), timeout=5000)


def test_f8_shows_westborough_rules_each_number_with_its_citation(
    qtbot: QtBot, window: MainWindow
) -> None:
    page = _open_settings(qtbot, window)
    assert page.heading.text().startswith("Town of Westborough")
    assert "Version 1 is in force" in page.version.text() and "by demo" in page.version.text()
    male = _row(page.rules, "schedules[0].dog_fees.male_intact")
    assert (male.text(0), male.text(1), male.text(2)) == ("Male, intact", "$15.00", "Art. 19 §11")
    base = _row(page.rules, "schedules[0].late_fees[0].base")
    assert (base.text(1), base.text(2)) == ("$3.00", "Art. 19 §2C")
    assert _row(page.rules, "schedules[0].other_fees.transfer.amount").text(1) == "$1.25"
    rules = [i for i in _items(page.rules) if str(i.data(0, KEY_ROLE)).startswith(("sch", "lic"))]
    numbers = [i for i in rules if any(c.isdigit() for c in i.text(1))]
    assert len(numbers) > 15
    assert [i.data(0, KEY_ROLE) for i in numbers if not i.text(2)] == []
    schedule = page.schedules.topLevelItem(0)
    assert schedule is not None
    assert (schedule.text(0), schedule.text(1)) == ("Apr 1, 2004", "2004–05 on, in force now")
    assert page.history.topLevelItemCount() == 1
    # Westborough's early sale is the preset's example: the page warns, and so does the Counter
    assert page.banner.isVisible() and "Next year on sale: 60 days" in page.banner.text.text()
    assert "example" in _row(page.rules, "license_year.early_sale_days").text(1)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert window.views["counter"].examples.isVisible()  # type: ignore[attr-defined]


def test_an_invalid_altered_fee_is_named_beside_the_editor_and_save_waits_for_the_fix(
    qtbot: QtBot, window: MainWindow
) -> None:
    page = _open_settings(qtbot, window)
    page.rules.setFocus()
    dialog = _shortcut(qtbot, page, Qt.Key.Key_E, CTRL)
    assert isinstance(dialog, TomlEditorDialog) and dialog.isVisible()
    assert dialog.reason.text() == "Save is off: nothing has changed yet."
    # WHEN the clerk makes a neutered male cost as much as an intact one
    _replace(qtbot, dialog.editor, "male_altered = 10.00", "male_altered = 15.00")
    qtbot.waitUntil(lambda: bool(dialog.problem_texts), timeout=3000)
    # THEN the problem is listed beside the editor with its key, and Save says why it is off
    shown = dialog.problems.item(0).text()
    assert shown.startswith("schedules[0].dog_fees.male_altered\n")
    assert "must be lower than the fee for an intact male" in shown
    assert not dialog.save_button.isEnabled()
    assert dialog.reason.text() == "Save is off: fix the 1 problem listed."
    # Enter on the problem puts the cursor on its line
    dialog.problems.setFocus()
    dialog.problems.setCurrentRow(0)
    qtbot.keyClick(dialog.problems, Qt.Key.Key_Return)
    assert dialog.editor.textCursor().block().text().startswith("male_altered = 15.00")
    # WHEN it is fixed and saved with Ctrl+S
    _replace(qtbot, dialog.editor, "male_altered = 15.00", "male_altered = 9.00")
    qtbot.waitUntil(dialog.save_button.isEnabled, timeout=3000)
    dialog.note.setFocus()
    qtbot.keyClicks(dialog.note, "ATM 2026 Art. 7")
    qtbot.keyClick(dialog, Qt.Key.Key_S, CTRL)
    _wait_closed(qtbot, page)
    # THEN version 2 is in force everywhere, and the old one is in the history
    assert window.ctx is not None and window.ctx.town is not None
    assert window.ctx.town.version_id == 2
    assert window.ctx.town.profile.schedules[0].dog_fees.male_altered == Decimal("9.00")
    top = page.history.topLevelItem(0)
    assert page.history.topLevelItemCount() == 2 and top is not None
    assert (top.text(0), top.text(3)) == ("2 (in force)", "ATM 2026 Art. 7")
    assert _row(page.rules, "schedules[0].dog_fees.male_altered").text(1) == "$9.00"
    assert "Version 2 is in force" in page.version.text()
    assert window.status.license_year.text().startswith("License year 2026–27")
    assert window.statusBar().currentMessage() == "Saved version 2 of the town rules."


def test_add_schedule_refuses_a_past_date_and_adds_next_years(
    qtbot: QtBot, window: MainWindow
) -> None:
    page = _open_settings(qtbot, window)
    dialog = _shortcut(qtbot, page, Qt.Key.Key_N, CTRL)
    assert isinstance(dialog, AddScheduleDialog)
    assert dialog.chosen() == dt.date(2027, 4, 1)
    assert dialog.meaning.text().startswith("Prices license year 2027–28 (Apr 1, 2027")
    dialog.effective.setDate(QDate(2026, 5, 1))
    assert not dialog.add_button.isEnabled()
    assert "must be after today (Jun 1, 2026)" in dialog.meaning.text()
    dialog.effective.setDate(QDate(2027, 4, 1))
    dialog.citation.setFocus()
    qtbot.keyClicks(dialog.citation, "Art. 19 §11 as amended, ATM 2026")
    qtbot.keyClick(dialog.citation, Qt.Key.Key_Return)
    _wait_closed(qtbot, page)
    assert page.schedules.topLevelItemCount() == 2
    rows = [page.schedules.topLevelItem(i) for i in range(2)]
    assert [r.text(1) for r in rows if r is not None] == [
        "2004–05 to 2026–27, in force now",
        "2027–28 on, to come",
    ]
    assert "Edit TOML" in window.statusBar().currentMessage()
    assert window.ctx is not None and window.ctx.town is not None
    assert window.ctx.town.profile.schedules[1].citation == "Art. 19 §11 as amended, ATM 2026"


def test_export_then_import_through_the_file_seam(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    page = _open_settings(qtbot, window)
    dialogs = window.shell.dialogs
    assert isinstance(dialogs, RecordedDialogs) and window.ctx is not None
    target = tmp_path / "westborough"
    dialogs.save_paths.append(target)
    _activate(qtbot, window)
    qtbot.keyClick(page.rules, Qt.Key.Key_E, CTRL_SHIFT)
    exported = target.with_suffix(".toml")
    qtbot.waitUntil(exported.exists, timeout=5000)
    assert dialogs.asked[-1][1].name == "westborough-rules-v1.toml"
    assert window.ctx.town is not None
    assert exported.read_text(encoding="utf-8") == window.ctx.town.profile_toml
    exported.write_text(
        exported.read_text(encoding="utf-8").replace("amount = 1.25", "amount = 1.50"),
        encoding="utf-8",
    )
    dialogs.open_paths.append(exported)
    _activate(qtbot, window)
    qtbot.keyClick(page.rules, Qt.Key.Key_I, CTRL)
    qtbot.waitUntil(lambda: isinstance(page.dialog, TomlEditorDialog), timeout=5000)
    dialog = page.dialog
    assert isinstance(dialog, TomlEditorDialog)
    assert dialog.windowTitle() == "Import town rules from westborough.toml"
    assert dialog.save_button.isEnabled()
    qtbot.keyClick(dialog, Qt.Key.Key_S, CTRL)
    _wait_closed(qtbot, page)
    assert window.ctx.town.version_id == 2
    assert window.ctx.town.profile.fee("transfer").amount == Decimal("1.50")
    assert page.history.topLevelItem(0).text(3) == "imported from westborough.toml"  # type: ignore[union-attr]


@pytest.fixture
def fairhaven_window(
    qtbot: QtBot, sqlite_database: Database, sqlite_url: str, clock: FixedClock
) -> Iterator[MainWindow]:
    demo_copy(sqlite_database, dogs=40, seed=3, town_id="fairhaven", clock=clock)
    shell = build_shell(sqlite_url, clock, RecordedDialogs())
    main = start(sqlite_url, shell)
    qtbot.addWidget(main)
    sign_in_window(qtbot, main)
    qtbot.waitUntil(lambda: main.is_open and not main.busy(), timeout=10000)
    yield main
    shell.tasks.wait()
    if main.ctx is not None:
        main.ctx.database.dispose()


def test_confirming_fairhavens_examples_removes_the_warning(
    qtbot: QtBot, fairhaven_window: MainWindow
) -> None:
    window = fairhaven_window
    counter_banner = window.views["counter"].examples  # type: ignore[attr-defined]
    assert counter_banner.isVisible() and "4 values" in counter_banner.text.text()
    page = _open_settings(qtbot, window)
    assert "Dog license fees (schedule effective May 4, 2024)" in page.banner.text.text()
    # WHEN the clerk leaves one value unticked (Space) and confirms the rest (Enter)
    dialog = _shortcut(qtbot, page, Qt.Key.Key_C, CTRL_SHIFT)
    assert isinstance(dialog, ConfirmExamplesDialog) and dialog.values.count() == 4
    dialog.values.setCurrentRow(3)
    qtbot.keyClick(dialog.values, Qt.Key.Key_Space)
    assert dialog.ticked() == [
        "schedules[0].dog_fees",
        "schedules[0].kennel",
        "schedules[0].other_fees",
    ]
    qtbot.keyClick(dialog.values, Qt.Key.Key_Return)
    _wait_closed(qtbot, page)
    assert page.banner.isVisible() and "1 value" in page.banner.text.text()
    assert window.statusBar().currentMessage() == "Confirmed 3 example values; 1 still to confirm."
    # WHEN the last one is confirmed, THEN no warning is left, here or on the Counter
    dialog = _shortcut(qtbot, page, Qt.Key.Key_C, CTRL_SHIFT)
    assert isinstance(dialog, ConfirmExamplesDialog)
    qtbot.keyClick(dialog.values, Qt.Key.Key_Return)
    _wait_closed(qtbot, page)
    assert not page.banner.isVisible()
    assert window.ctx is not None and window.ctx.town is not None
    assert window.ctx.town.profile.unconfirmed_examples == ()
    assert page.history.topLevelItemCount() == 3
    assert not any("example" in item.text(1) for item in _items(page.rules))
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert not counter_banner.isVisible()


def test_a_new_database_starts_from_a_preset(
    qtbot: QtBot, sqlite_database: Database, sqlite_url: str, clock: FixedClock
) -> None:
    shell = build_shell(sqlite_url, clock, RecordedDialogs())
    window = start(sqlite_url, shell)
    qtbot.addWidget(window)
    sign_in_window(qtbot, window)  # a new database: its first run creates the administrator
    qtbot.waitUntil(lambda: window.is_open and not window.busy(), timeout=10000)
    try:
        page = _open_settings(qtbot, window)
        assert page.setup.isVisible() and not page.edit_button.isEnabled()
        page.setup.choose("fairhaven")
        qtbot.keyClick(page.setup.presets, Qt.Key.Key_Return, CTRL)
        qtbot.waitUntil(lambda: window.ctx is not None and window.ctx.town is not None)
        _wait_closed(qtbot, page)
        assert not page.setup.isVisible() and page.heading.text().startswith("Town of Fairhaven")
        assert window.status.license_year.text().startswith("License year 2026 (01/01/2026")
        assert window.windowTitle() == "ClerkDesk — Town of Fairhaven"
    finally:
        shell.tasks.wait()
        if window.ctx is not None:
            window.ctx.database.dispose()


def test_every_input_is_named_and_tab_follows_reading_order(
    qtbot: QtBot, window: MainWindow
) -> None:
    page = _open_settings(qtbot, window)
    inputs = (QAbstractButton, QLineEdit, QAbstractItemView, QComboBox, QDateEdit, QPlainTextEdit)

    def unnamed(root: QWidget) -> list[QWidget]:
        return [
            w
            for w in root.findChildren(QWidget)
            if isinstance(w, inputs)
            and not isinstance(w, QHeaderView)
            and w.isVisibleTo(root)
            and not w.accessibleName()
        ]

    assert unnamed(page) == []
    for keys in ((Qt.Key.Key_E, CTRL), (Qt.Key.Key_N, CTRL)):
        dialog = _shortcut(qtbot, page, *keys)
        assert isinstance(dialog, QWidget)
        assert unnamed(dialog) == []
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
        _wait_closed(qtbot, page)
    assert page.banner.button is not None
    _activate(qtbot, window)
    page.banner.button.setFocus()
    order: list[QWidget | None] = []
    for _ in range(9):
        focused = QApplication.focusWidget()
        order.append(focused)
        assert focused is not None
        qtbot.keyClick(focused, Qt.Key.Key_Tab)
    assert order == [
        page.banner.button,
        page.edit_button,
        page.add_button,
        page.import_button,
        page.export_button,
        page.rules,
        page.schedules,
        page.view_button,
        page.history,
    ]

"""The set-up's steps one by one: a profile file's problems, passwords typed twice, an office
that stops part way and comes back, File → Office set-up…, the printers kept on this
computer, and words a clerk reads."""

from __future__ import annotations

from pathlib import Path

from clerk_words import machine_words_on
from counter_fixtures import active_dialog, focused
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLineEdit, QWidget
from pytestqt.qtbot import QtBot
from setup_keys import (
    ADMIN,
    ALT,
    add_colleague_by_keys,
    choose_preset_by_keys,
    create_administrator,
    next_step,
    open_window,
    recorded,
    setup_page,
    type_line,
    wait_step,
)

from clerkdesk.clock import FixedClock
from clerkdesk.rules.presets import preset_toml
from clerkdesk.services.office_setup import STEPS, SetupStep, office_setup
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.printing.jobs import DocumentKind
from clerkdesk.ui.printing.settings import PrintSettings
from clerkdesk.ui.setup.page import OfficeSetupPage
from clerkdesk.ui.sign_in_pages import SignInPage
from clerkdesk.ui.views.settings.editor import TomlEditorDialog

CTRL = Qt.KeyboardModifier.ControlModifier


def _close(window: MainWindow, shell: object) -> None:
    shell.tasks.wait()  # type: ignore[attr-defined]
    if window.workspace is not None:
        window.workspace.database.dispose()
    window.close()


def test_a_profile_file_has_every_problem_listed_and_saves_once_fixed(
    qtbot: QtBot, sqlite_url: str, clock: FixedClock, tmp_path: Path
) -> None:
    # GIVEN the town's own file, with two mistakes in it
    text = preset_toml("westborough")
    wrong = text.replace("male_intact = 15.00", 'male_intact = "fifteen"', 1)
    wrong = wrong.replace('due = "04-01"', 'due = "04-31"', 1)
    path = tmp_path / "our-town.toml"
    path.write_text(wrong, encoding="utf-8")
    window, shell = open_window(qtbot, sqlite_url, clock)
    try:
        page = create_administrator(qtbot, window)
        recorded(shell).open_paths.append(path)
        # WHEN it is loaded (Ctrl+O)
        qtbot.keyClick(focused(), Qt.Key.Key_O, CTRL)
        editor = active_dialog(qtbot, TomlEditorDialog)
        assert isinstance(editor, TomlEditorDialog)
        # THEN both problems are listed by their key, and Save waits for them
        assert [p.split(":")[0] for p in editor.problem_texts] == [
            "license_year.due",
            "schedules[0].dog_fees.male_intact",
        ]
        assert editor.reason.text() == "Save is off: fix the 2 problems listed."
        assert office_setup(window.workspace.database).town_name is None  # type: ignore[union-attr]
        # WHEN they are fixed in the editor, THEN Save (Ctrl+S) sets the town up
        editor.editor.setPlainText(text)
        editor.check()
        qtbot.keyClick(focused(), Qt.Key.Key_S, CTRL)
        wait_step(qtbot, page, SetupStep.SEAL)
        assert window.windowTitle() == "ClerkDesk — Town of Westborough"
        assert page.list.labels[SetupStep.TOWN].text().startswith("✓")
    finally:
        _close(window, shell)


def test_staff_passwords_are_typed_twice_and_a_refusal_is_said_on_the_step(
    qtbot: QtBot, sqlite_url: str, clock: FixedClock
) -> None:
    window, shell = open_window(qtbot, sqlite_url, clock)
    try:
        page = create_administrator(qtbot, window)
        page.go_to(SetupStep.STAFF)
        wait_step(qtbot, page, SetupStep.STAFF)
        staff = page.steps[SetupStep.STAFF]
        assert page.next_button.accessibleName() == "Skip this step"
        for text in ("ann", "Ann Clerk", "", "ann-password"):
            type_line(qtbot, text)
        type_line(qtbot, "ann-passwrod", Qt.Key.Key_Return)
        assert staff.message.text() == "The two passwords differ; type the same one twice."
        assert focused() is staff.again  # type: ignore[attr-defined]
        # a password too short, typed the same twice: the service refuses it
        staff.password.clear()  # type: ignore[attr-defined]
        staff.password.setFocus()  # type: ignore[attr-defined]
        type_line(qtbot, "short")
        type_line(qtbot, "short", Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: not page.busy() and "8 characters" in staff.message.text())
        assert "at least 8 characters" in staff.message.text()
        assert len(office_setup(window.workspace.database).staff) == 1  # type: ignore[union-attr]
        # an assistant clerk this time, one below the clerk
        staff.name.clear()  # type: ignore[attr-defined]
        staff.name.setFocus()  # type: ignore[attr-defined]
        add_colleague_by_keys(qtbot, page, "bob", "Bob Assistant", "bob-password", downs=1)
        assert page.next_button.accessibleName() == "Next"
        assert "bob — Bob Assistant, assistant clerk" in staff.people.text()  # type: ignore[attr-defined]
    finally:
        _close(window, shell)


def test_an_office_that_stopped_comes_back_to_the_first_step_a_sale_needs(
    qtbot: QtBot, sqlite_url: str, clock: FixedClock
) -> None:
    # GIVEN an office that set up its town, skipped the seal and then closed the window
    window, shell = open_window(qtbot, sqlite_url, clock)
    try:
        page = create_administrator(qtbot, window)
        choose_preset_by_keys(qtbot, page, "westborough")
        wait_step(qtbot, page, SetupStep.SEAL)
    finally:
        _close(window, shell)
    # WHEN its administrator signs in again
    window, shell = open_window(qtbot, sqlite_url, clock)
    try:
        sign_in = window.gate
        assert isinstance(sign_in, SignInPage)
        type_line(qtbot, ADMIN[0])
        type_line(qtbot, ADMIN[2], Qt.Key.Key_Return)
        # THEN the set-up is back at the tags, the town ticked; the seal is a step back
        page = setup_page(qtbot, window, SetupStep.TAGS)
        assert [label.text().startswith("✓") for label in page.list.labels.values()] == [
            True, True, False, False, False, False,
        ]  # fmt: skip
        qtbot.keyClick(focused(), Qt.Key.Key_Left, ALT)
        wait_step(qtbot, page, SetupStep.SEAL)
        assert page.next_button.accessibleName() == "Skip this step"
        next_step(qtbot, page)
        wait_step(qtbot, page, SetupStep.TAGS)
        # a sale needs the tags: Next says so, and stays
        next_step(qtbot, page)
        tags = page.steps[SetupStep.TAGS]
        assert tags.message.text().startswith("Receive the first tags (Enter) first")
        assert page.current is SetupStep.TAGS
        # WHEN the administrator finishes later (Alt+L), THEN the counter opens meanwhile
        qtbot.keyClick(focused(), Qt.Key.Key_L, ALT)
        qtbot.waitUntil(lambda: window.gate is None and window.is_open)
        assert window.current_area == "counter"
        # and File → Office set-up… opens the steps again, at the first not done
        assert window.setup_action.isVisible() and window.setup_action.isEnabled()
        window.setup_action.trigger()
        page = setup_page(qtbot, window, SetupStep.SEAL)
        assert not window.nav.isEnabled()
        qtbot.keyClick(focused(), Qt.Key.Key_L, ALT)
        qtbot.waitUntil(lambda: window.gate is None and window.is_open)
    finally:
        _close(window, shell)


def test_the_printers_step_keeps_each_kind_on_this_computer(
    qtbot: QtBot, ui_context: UiContext, tmp_path: Path
) -> None:
    settings = PrintSettings(QSettings(str(tmp_path / "printers.ini"), QSettings.Format.IniFormat))
    page = OfficeSetupPage(
        ui_context,
        office_setup(ui_context.database),
        start_at=SetupStep.PRINTERS,
        print_settings=settings,
    )
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    step = page.printers
    assert step.printers[DocumentKind.CERTIFICATE].currentData() == ""  # no printer here
    step.preview_first.setChecked(False)
    step.save_button.setFocus()
    qtbot.keyClick(step.save_button, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not page.busy() and page.notice.isVisible())
    assert not settings.preview_first
    assert "the print dialog asks for the printer each time" in page.notice.text()
    assert page.next_button.text().startswith("Finish: go to the counter")


def test_every_step_names_its_inputs_and_says_no_command_or_key(
    qtbot: QtBot, sqlite_url: str, clock: FixedClock
) -> None:
    window, shell = open_window(qtbot, sqlite_url, clock)
    try:
        page = create_administrator(qtbot, window)
        for step in STEPS:
            page.go_to(step)
            qtbot.waitUntil(lambda: not page.busy())
            shown = page.step_page
            inputs = (QAbstractButton, QLineEdit, QComboBox)
            unnamed = [
                w
                for w in [page, *page.findChildren(QWidget)]
                if isinstance(w, inputs) and w.isVisibleTo(page) and not w.accessibleName()
            ]
            assert unnamed == [], step
            assert machine_words_on(shown) == {}, step
    finally:
        _close(window, shell)

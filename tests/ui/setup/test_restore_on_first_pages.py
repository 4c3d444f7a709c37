"""After a disk failure, as the town's IT: ClerkDesk installed on a new PC makes its empty
tables at start and shows its first page (create the administrator); Restore from a
backup… (Ctrl+R) there brings the office back from its last backup with no one signed in,
and the window hands over to the restored office's sign-in page. From the set-up's page (an
administrator created first) the administrator restores, the database as it was kept."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from counter_fixtures import active_dialog, focused
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from setup_keys import create_administrator, open_window, recorded

from actors import staff
from backup_support import counts_now
from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.db.migrate import upgrade_to_head
from clerkdesk.rules.roles import Role
from clerkdesk.services.backups.restoring import holds_nothing
from clerkdesk.services.backups.taking import back_up
from clerkdesk.services.users import add_user, list_users
from clerkdesk.ui.backups.restore_dialog import HOLDS_SOMETHING, RestoreDialog
from clerkdesk.ui.context import Shell
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.question import Question
from clerkdesk.ui.setup.page import OfficeSetupPage
from clerkdesk.ui.sign_in_pages import FirstRunPage, SignInPage
from small_town import CLERK, build_town

CTRL = Qt.KeyboardModifier.ControlModifier
CHIEF = staff("chief", Role.ADMINISTRATOR)


@pytest.fixture
def backup(tmp_path: Path, clock: FixedClock) -> Path:
    """The office's last backup, from the PC whose disk failed: the small town, its
    administrator (chief) and a clerk (ann)."""
    office = Database.open(f"sqlite:///{tmp_path / 'old-pc.sqlite'}")
    try:
        upgrade_to_head(office)
        build_town(office, clock)
        add_user(
            office, "chief", Role.ADMINISTRATOR, "chief-password", "Pat Chief",
            actor=None, clock=clock,
        )  # fmt: skip
        add_user(office, "ann", Role.CLERK, "ann-password", "Ann Clerk", actor=CHIEF, clock=clock)
        return back_up(office, tmp_path / "office.zip", actor=CLERK, clock=clock).path
    finally:
        office.dispose()


def _answering(key: str | None, asked: list[Question]) -> Callable[..., None]:
    def ask(_parent: object, question: Question, then: Callable[[str | None], None]) -> None:
        asked.append(question)
        then(key)

    return ask


def _restore_by_keys(
    qtbot: QtBot, shell: Shell, backup: Path
) -> tuple[RestoreDialog, list[Question]]:
    """Ctrl+R on the page, the backup's path typed, Ctrl+Enter; the question answered
    Restore. Returns once the dialog has said how it went."""
    asked: list[Question] = []
    recorded(shell).ask = _answering("restore", asked)  # type: ignore[method-assign]
    qtbot.keyClick(focused(), Qt.Key.Key_R, CTRL)
    dialog = active_dialog(qtbot, RestoreDialog)
    assert isinstance(dialog, RestoreDialog)
    assert focused() is dialog.file.edit
    qtbot.keyClicks(dialog.file.edit, str(backup))
    qtbot.keyClick(dialog.file.edit, Qt.Key.Key_Return, CTRL)
    qtbot.waitUntil(lambda: not dialog.running and dialog.message.text() != "", timeout=30000)
    return dialog, asked


def _sign_in(qtbot: QtBot, window: MainWindow, name: str, password: str) -> None:
    page = window.gate
    assert isinstance(page, SignInPage)
    qtbot.waitUntil(lambda: focused() is page.name)
    qtbot.keyClicks(page.name, name)
    qtbot.keyClick(page.name, Qt.Key.Key_Tab)
    qtbot.keyClicks(page.password, password)
    qtbot.keyClick(page.password, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.is_open and window.gate is None, timeout=15000)


def test_a_new_pc_starts_again_from_the_offices_backup(
    qtbot: QtBot, sqlite_url: str, clock: FixedClock, backup: Path, tmp_path: Path
) -> None:
    # GIVEN ClerkDesk on a new PC: its tables made at start, empty, its first page shown
    window, shell = open_window(qtbot, sqlite_url, clock)
    try:
        page = window.gate
        assert isinstance(page, FirstRunPage)
        assert page.restore_choice.isVisible()
        assert page.restore_choice.button.text() == "Restore from a bac&kup…  Ctrl+R"
        assert window.workspace is not None and holds_nothing(window.workspace.database)
        qtbot.waitUntil(lambda: focused() is page.name)

        # WHEN IT presses Ctrl+R, names the backup and restores it
        dialog, asked = _restore_by_keys(qtbot, shell, backup)

        # THEN it was asked in words that say nothing is lost, and the office is back
        assert [q.title for q in asked] == ["Restore this backup?"]
        assert "holds nothing yet, so nothing is lost" in asked[0].text
        said = dialog.message.text()
        assert said.startswith("Restored the backup of Town of Westborough"), said
        assert "nothing to keep" in said and "Ledger intact" in said
        database = window.workspace.database
        assert counts_now(database).owners == 2
        # WHEN the dialog is closed, THEN the restored office's sign-in page follows, with
        # the restored town's name, and its clerk signs in
        assert dialog.go.accessibleName() == "Close and sign in"
        dialog.go.click()
        qtbot.waitUntil(lambda: isinstance(window.gate, SignInPage), timeout=15000)
        assert window.windowTitle() == "ClerkDesk — Town of Westborough"
        _sign_in(qtbot, window, "ann", "ann-password")
        assert window.status.user.text() == "Signed in: ann (clerk)"
        assert window.ctx is not None and window.ctx.town is not None
        assert window.ctx.town.name == "Town of Westborough"
        assert not shell.dialogs.errors  # type: ignore[attr-defined]
    finally:
        shell.tasks.wait()


def test_an_administrator_created_first_restores_from_the_set_up_page(
    qtbot: QtBot, sqlite_url: str, clock: FixedClock, backup: Path
) -> None:
    # GIVEN the new PC's administrator created before anyone thought of the backup
    window, shell = open_window(qtbot, sqlite_url, clock)
    try:
        page = create_administrator(qtbot, window)
        assert isinstance(page, OfficeSetupPage) and page.restore_choice.isVisible()

        # WHEN the administrator restores the backup with Ctrl+R
        dialog, asked = _restore_by_keys(qtbot, shell, backup)

        # THEN it is restored as over any database, the one with the new administrator kept
        assert "kept as a backup first" in asked[0].text
        assert "The database as it was is kept in" in dialog.message.text()
        dialog.go.click()
        qtbot.waitUntil(lambda: isinstance(window.gate, SignInPage), timeout=15000)
        assert window.status.user.text() == "Not signed in"
        assert window.workspace is not None
        assert {u.name for u in list_users(window.workspace.database)} == {"chief", "ann"}
        _sign_in(qtbot, window, "chief", "chief-password")
        assert window.status.user.text() == "Signed in: chief (administrator)"
        assert window.gate is None  # the restored office can sell: no set-up this time
    finally:
        shell.tasks.wait()


def test_before_sign_in_a_database_that_holds_records_is_not_restored_over(
    qtbot: QtBot, sqlite_url: str, clock: FixedClock, backup: Path
) -> None:
    # GIVEN a database with an office's records but no users (made by the services alone)
    records = Database.open(sqlite_url)
    upgrade_to_head(records)
    build_town(records, clock)
    before = counts_now(records)
    records.dispose()
    window, shell = open_window(qtbot, sqlite_url, clock)
    try:
        assert isinstance(window.gate, FirstRunPage)
        qtbot.waitUntil(lambda: focused() is window.gate.name)  # type: ignore[union-attr]

        # WHEN someone at the first page tries to restore over it
        dialog, asked = _restore_by_keys(qtbot, shell, backup)

        # THEN the dialog says why not, in words, asks nothing and changes nothing
        assert not asked and not dialog.done_restoring
        assert HOLDS_SOMETHING in dialog.message.text()
        assert window.workspace is not None
        assert counts_now(window.workspace.database) == before
        dialog.reject()
        assert isinstance(window.gate, FirstRunPage)
    finally:
        shell.tasks.wait()


def test_file_restore_signs_out_onto_the_restored_offices_sign_in(
    qtbot: QtBot, sqlite_url: str, clock: FixedClock, backup: Path
) -> None:
    # GIVEN an office at work (its own records and staff), its administrator signed in
    office = Database.open(sqlite_url)
    upgrade_to_head(office)
    build_town(office, clock)
    add_user(office, "chief", Role.ADMINISTRATOR, "chief-password", "Pat Chief", actor=None,
             clock=clock)  # fmt: skip
    add_user(office, "new", Role.CLERK, "new-password", "New Clerk", actor=CHIEF, clock=clock)
    office.dispose()
    window, shell = open_window(qtbot, sqlite_url, clock)
    try:
        _sign_in(qtbot, window, "chief", "chief-password")
        read_before = window.workspace
        asked: list[Question] = []
        recorded(shell).ask = _answering("restore", asked)  # type: ignore[method-assign]

        # WHEN File → Restore from a backup… puts the last backup back (it has no "new")
        task = next(t for t in window.records.actions if t == "restore")
        window.records.actions[task].trigger()
        dialog = active_dialog(qtbot, RestoreDialog)
        assert isinstance(dialog, RestoreDialog)
        dialog.file.edit.setText(str(backup))
        dialog.go.click()
        qtbot.waitUntil(lambda: dialog.done_restoring, timeout=30000)
        dialog.go.click()  # Close and sign in again

        # THEN the window signs out and reads the restored office afresh: its people sign in
        qtbot.waitUntil(lambda: isinstance(window.gate, SignInPage), timeout=15000)
        qtbot.waitUntil(lambda: window.workspace is not read_before, timeout=15000)
        assert window.workspace is not None
        assert {u.name for u in list_users(window.workspace.database)} == {"chief", "ann"}
        _sign_in(qtbot, window, "ann", "ann-password")
        assert window.status.user.text() == "Signed in: ann (clerk)"
    finally:
        shell.tasks.wait()

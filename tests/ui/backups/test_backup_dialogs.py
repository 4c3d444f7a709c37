"""File → Back up now… and File → Restore from a backup…: the backup written off the UI
thread and checked; a restore that checks the file, says what it holds, asks, keeps the
database as it was, restores, and then signs the window out."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from backup_support import counts_now
from clerkdesk.services import people
from clerkdesk.services.backups.checking import verify_backup
from clerkdesk.services.backups.schedule import BackupSchedule, BackupWhen, set_backup_schedule
from clerkdesk.ui.backups.backup_dialog import BackupDialog
from clerkdesk.ui.backups.restore_dialog import RestoreDialog
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.question import Question
from clerkdesk.ui.records_menu import TASKS
from small_town import CLERK, Town, owner_input


class Window(QWidget):
    """Stands for the main window: it is told to sign out."""

    def __init__(self) -> None:
        super().__init__()
        self.signed_out = 0

    def sign_out(self) -> None:
        self.signed_out += 1


def _back_up(qtbot: QtBot, ctx: UiContext, path: Path) -> Path:
    dialog = BackupDialog(ctx, None)
    qtbot.addWidget(dialog)
    dialog.open()
    dialog.file.edit.setText(str(path))
    with qtbot.waitSignal(dialog.backed_up, timeout=20000):
        dialog.go.click()
    assert dialog.message.text().startswith(f"Backed up to {path} and checked: ")
    return path


def test_back_up_now_writes_a_checked_backup(
    qtbot: QtBot, ctx: UiContext, town: Town, tmp_path: Path
) -> None:
    path = _back_up(qtbot, ctx, tmp_path / "office.zip")
    assert verify_backup(path).manifest.counts == counts_now(town.database)


def test_the_offices_backup_folder_is_proposed(
    qtbot: QtBot, ctx: UiContext, town: Town, tmp_path: Path
) -> None:
    set_backup_schedule(
        town.database, BackupSchedule(tmp_path, 3, BackupWhen.CLOSE_OUT), actor=CLERK
    )
    dialog = BackupDialog(ctx, None)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.file.edit.text().startswith(str(tmp_path)))


def test_a_backup_to_no_folder_is_refused_beside_the_field(
    qtbot: QtBot, ctx: UiContext, tmp_path: Path
) -> None:
    dialog = BackupDialog(ctx, None)
    qtbot.addWidget(dialog)
    dialog.file.edit.setText(str(tmp_path / "gone" / "office.zip"))
    dialog.go.click()
    assert "There is no folder" in dialog.messages["file"].text()
    assert not dialog.running and not (tmp_path / "gone").exists()


def _answering(key: str | None, asked: list[Question]) -> Callable[..., None]:
    def ask(_parent: object, question: Question, then: Callable[[str | None], None]) -> None:
        asked.append(question)
        then(key)

    return ask


def test_restore_checks_asks_keeps_restores_and_signs_out(
    qtbot: QtBot, ctx: UiContext, town: Town, tmp_path: Path
) -> None:
    # GIVEN a backup, then an owner the backup does not hold
    backup = _back_up(qtbot, ctx, tmp_path / "office.zip")
    held = verify_backup(backup).manifest.counts
    people.create_owner(town.database, owner_input("Ann", "Lee"), actor=CLERK, clock=town.clock)
    asked: list[Question] = []
    ctx.dialogs.ask = _answering("restore", asked)
    window = Window()
    qtbot.addWidget(window)
    dialog = RestoreDialog(ctx, window)

    # WHEN the administrator names the backup and restores it
    dialog.file.edit.setText(str(backup))
    with qtbot.waitSignal(dialog.restored, timeout=30000) as done:
        dialog.go.click()

    # THEN what it held was said and asked about, the database is the backup's again, the
    # database as it was is kept, and closing the dialog signs the window out
    assert asked and "Town of Westborough" in asked[0].text
    assert counts_now(town.database) == held
    restored = done.args[0]
    assert restored.kept is not None and restored.kept.path.exists()
    assert dialog.message.text().startswith("Restored the backup of Town of Westborough")
    assert "Ledger intact" in dialog.message.text()
    dialog.go.click()  # "Close and sign in again"
    assert window.signed_out == 1


def test_restore_answered_not_now_changes_nothing(
    qtbot: QtBot, ctx: UiContext, town: Town, tmp_path: Path
) -> None:
    backup = _back_up(qtbot, ctx, tmp_path / "office.zip")
    people.create_owner(town.database, owner_input("Ann", "Lee"), actor=CLERK, clock=town.clock)
    before = counts_now(town.database)
    asked: list[Question] = []
    ctx.dialogs.ask = _answering(None, asked)
    dialog = RestoreDialog(ctx, None)
    qtbot.addWidget(dialog)
    dialog.file.edit.setText(str(backup))
    with qtbot.waitSignal(dialog.checked, timeout=20000):
        dialog.go.click()
    assert asked and counts_now(town.database) == before
    assert not dialog.done_restoring


@pytest.mark.parametrize("content", [b"not a backup", b""])
def test_restore_refuses_a_file_that_is_no_backup(
    qtbot: QtBot, ctx: UiContext, tmp_path: Path, content: bytes
) -> None:
    notes = tmp_path / "notes.zip"
    notes.write_bytes(content)
    asked: list[Question] = []
    ctx.dialogs.ask = _answering("restore", asked)
    dialog = RestoreDialog(ctx, None)
    qtbot.addWidget(dialog)
    dialog.file.edit.setText(str(notes))
    dialog.go.click()
    qtbot.waitUntil(lambda: not dialog.running)
    assert "not a ClerkDesk backup" in dialog.message.text()
    assert not asked


def test_the_file_menu_builds_both_dialogs(qtbot: QtBot, ctx: UiContext) -> None:
    built = {t.key: t.build(ctx, None) for t in TASKS if t.key in ("back_up", "restore")}
    for dialog in built.values():
        qtbot.addWidget(dialog)
    assert isinstance(built["back_up"], BackupDialog)
    assert isinstance(built["restore"], RestoreDialog)
    assert all(t.open_to(ctx.actor) for t in TASKS if t.key in ("back_up", "restore"))
    assert not next(t for t in TASKS if t.key == "restore").open_to(CLERK)

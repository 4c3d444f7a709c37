"""A close-out whose scheduled backup fails closes the day all the same, and says the
backup's failure to whoever closed it."""

from __future__ import annotations

from pathlib import Path

from counter_fixtures import focused
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from clerkdesk.services.backups.schedule import BackupSchedule, BackupWhen, set_backup_schedule
from clerkdesk.services.closeout import day_summary
from clerkdesk.ui.context import UiContext
from small_town import CLERK, Town
from ui.money.closeout_support import host, money_ctx, opened

__all__ = ["host", "money_ctx"]


def test_a_failed_backup_is_said_and_the_day_stays_closed(
    qtbot: QtBot, host: QWidget, money_ctx: UiContext, town: Town, tmp_path: Path
) -> None:
    # GIVEN backups at close-out to a "folder" that is a file
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    set_backup_schedule(
        money_ctx.database, BackupSchedule(blocked, 3, BackupWhen.CLOSE_OUT), actor=CLERK
    )
    dialog = opened(qtbot, money_ctx, host)
    # WHEN the clerk closes the day
    qtbot.keyClicks(focused(), "0")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    errors = money_ctx.dialogs.errors  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: bool(errors), timeout=10000)
    # THEN the day is closed, and the backup's failure is said in words
    assert day_summary(money_ctx.database, money_ctx.clock.today()).closed
    title, text = errors[0]
    assert title == "The close-out's backup failed"
    assert text.startswith("The scheduled backup failed:")
    assert dialog is not None

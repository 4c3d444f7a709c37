"""Settings → Backups keeps the office's schedule (a folder not named in full is refused
beside the field), and the status bar warns while the last good backup is older than the
office's limit, or there is none."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from pytestqt.qtbot import QtBot

from clerkdesk.clock import FixedClock
from clerkdesk.services.backups.schedule import (
    BackupSchedule,
    BackupWhen,
    backup_schedule,
)
from clerkdesk.services.backups.standing import record_good_backup
from clerkdesk.ui.context import Shell, UiContext
from clerkdesk.ui.status import StatusBar
from clerkdesk.ui.views.settings.backups import BackupsPage
from small_town import Town


def test_the_schedule_is_saved_from_settings(
    qtbot: QtBot, ctx: UiContext, town: Town, tmp_path: Path
) -> None:
    page = BackupsPage(ctx)
    qtbot.addWidget(page)
    qtbot.waitUntil(lambda: not page.busy())
    assert page.standing.text() == "No good backup is recorded yet."
    # a folder not named in full is refused beside the field, nothing kept
    page.folder.setText("backups")
    page.when.setCurrentIndex(list(BackupWhen).index(BackupWhen.CLOSE_OUT))
    page.save_button.click()
    assert "Name the backup folder in full" in page.folder_message.text()
    assert backup_schedule(town.database) == BackupSchedule()
    # named in full, it is the office's schedule
    page.folder.setText(str(tmp_path))
    page.keep.setValue(10)
    page.warn.setValue(3)
    page.save_button.click()
    assert page.message.text().startswith("Saved. Backups at each day's close-out")
    assert backup_schedule(town.database) == BackupSchedule(tmp_path, 10, BackupWhen.CLOSE_OUT, 3)


def _status(qtbot: QtBot, ctx: UiContext) -> StatusBar:
    bar = StatusBar(Shell(ctx.clock, "test", ctx.tasks))
    qtbot.addWidget(bar)
    bar.show()
    bar.show_workspace(ctx)
    return bar


def test_the_status_bar_warns_until_a_recent_good_backup(
    qtbot: QtBot, ctx: UiContext, town: Town
) -> None:
    # GIVEN no backup ever: the sign shows, its words on hover and to a screen reader
    bar = _status(qtbot, ctx)
    qtbot.waitUntil(bar.backup.isVisible)
    assert bar.backup.toolTip().startswith("No backup yet: the office wants a good backup")
    assert bar.backup.accessibleName().startswith("Backups: No backup yet")
    # WHEN a good backup is recorded, the warning goes
    record_good_backup(town.database, town.clock.now())
    bar.show_workspace(ctx)
    qtbot.waitUntil(lambda: not bar.backup.isVisible())
    # and comes back once the backup is older than the office's limit (7 days)
    assert isinstance(ctx.clock, FixedClock)
    ctx.clock.moment = ctx.clock.moment + dt.timedelta(days=8)
    bar.show_workspace(ctx)
    qtbot.waitUntil(bar.backup.isVisible)
    assert bar.backup.toolTip().startswith("Last backup 8 days ago")

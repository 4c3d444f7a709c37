"""Unlicensed dogs… from the keyboard: Ctrl+Shift+U lists this year's dogs not renewed,
counted by street exactly as the service lists them; Enter writes the PDF and the CSV;
Alt+R opens the notices dialog on reminder letters for the same year."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from counter_fixtures import active_dialog, focused
from pypdf import PdfReader
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from yearend_support import ALT, fill_history, open_by_keys

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.services.unlicensed import unlicensed_list
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.question import QuestionDialog
from clerkdesk.ui.views.yearend.notices_dialog import NoticesDialog
from clerkdesk.ui.views.yearend.unlicensed_dialog import UnlicensedDialog


@pytest.fixture
def demo_url(sqlite_database: Database, sqlite_url: str, clock: FixedClock) -> str:
    fill_history(sqlite_database, clock)
    return sqlite_url


@pytest.fixture
def dialog(qtbot: QtBot, window: MainWindow) -> UnlicensedDialog:
    found = open_by_keys(qtbot, window, Qt.Key.Key_U, UnlicensedDialog)
    assert isinstance(found, UnlicensedDialog)
    qtbot.waitUntil(lambda: found.data is not None, timeout=10000)
    return found


def test_the_list_is_counted_by_street(
    dialog: UnlicensedDialog, sqlite_database: Database, clock: FixedClock
) -> None:
    assert dialog.year_box.label() == "2026–27"
    listed = unlicensed_list(sqlite_database, year=2026, on=clock.today())
    assert listed.rows
    by_street = Counter(row.street for row in listed.rows)
    shown = {
        dialog.streets.item(i, 0).text(): int(dialog.streets.item(i, 1).text())
        for i in range(dialog.streets.rowCount())
    }
    assert shown == dict(by_street)
    owners = len({row.owner_id for row in listed.rows})
    assert dialog.summary.text().startswith(
        f"{len(listed.rows)} dogs of {owners} owners on {len(by_street)} streets"
    )
    assert dialog.write_button.text() == f"Write the list of {len(listed.rows)} dogs  Enter"


def test_enter_writes_the_pdf_and_the_csv(
    qtbot: QtBot, dialog: UnlicensedDialog, tmp_path: Path
) -> None:
    assert dialog.data is not None
    for field, name in ((dialog.pdf, "list.pdf"), (dialog.csv, "list.csv")):
        field.edit.setFocus()
        field.edit.selectAll()
        qtbot.keyClicks(field.edit, str(tmp_path / name))
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    question = active_dialog(qtbot, QuestionDialog, timeout=20000)
    assert len(PdfReader(tmp_path / "list.pdf").pages) >= 1
    lines = (tmp_path / "list.csv").read_text(encoding="utf-8-sig").splitlines()
    assert len(lines) == len(dialog.data.rows) + 1
    assert dialog.message.text().startswith(f"Wrote the list of {len(dialog.data.rows)} dogs")
    qtbot.keyClick(question, Qt.Key.Key_Escape)


def test_reminder_letters_open_on_reminders_for_the_same_year(
    qtbot: QtBot, dialog: UnlicensedDialog
) -> None:
    qtbot.keyClick(focused(), Qt.Key.Key_R, ALT)
    notices = active_dialog(qtbot, NoticesDialog)
    assert isinstance(notices, NoticesDialog)
    assert notices.reminder.isChecked() and notices.year_box.year() == 2026
    qtbot.waitUntil(lambda: notices.count is not None, timeout=10000)
    assert notices.count is not None and notices.count.owners > 0


def test_an_earlier_as_of_day_lists_the_records_as_they_stood(
    qtbot: QtBot, dialog: UnlicensedDialog, sqlite_database: Database, clock: FixedClock
) -> None:
    import datetime as dt

    from PySide6.QtCore import QDate

    # WHEN the clerk picks an earlier day in the As of field
    earlier = clock.today() - dt.timedelta(days=40)
    dialog.data = None
    dialog.as_of.setDate(QDate(earlier.year, earlier.month, earlier.day))
    qtbot.waitUntil(
        lambda: dialog.data is not None and dialog.data.made_on == earlier, timeout=10000
    )
    # THEN the list is the service's list as of that day, and says so
    assert dialog.data is not None
    listed = unlicensed_list(sqlite_database, year=2026, on=earlier)
    assert dialog.data.rows == listed.rows
    assert f"on {earlier:%m/%d/%Y}" in dialog.summary.text()
    assert dialog.pdf.edit.text().endswith(f"as-of-{earlier:%Y-%m-%d}.pdf")
    # AND the field never offers a day after today
    assert dialog.as_of.maximumDate() == QDate(*clock.today().timetuple()[:3])

"""Renewal notices… from the keyboard: Ctrl+Shift+N, the count from the service before
anything is written, a PDF path typed, Enter writes off the UI thread (the window's event
loop keeps turning), O opens the PDF; Esc cancels a run for real and leaves no file."""

from __future__ import annotations

import datetime as dt
import threading
from pathlib import Path

import pytest
from counter_fixtures import active_dialog, focused
from pypdf import PdfReader
from PySide6.QtCore import Qt, QTimer
from pytestqt.qtbot import QtBot
from yearend_support import ALT, fill_history, open_by_keys

from clerkdesk.clock import FixedClock
from clerkdesk.db.database import Database
from clerkdesk.rules.kinds import NoticeKind
from clerkdesk.services.notices import NoticeChoice, notice_count
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.printing.preview import PrintPreview
from clerkdesk.ui.question import QuestionDialog
from clerkdesk.ui.views.yearend.notices_dialog import NoticesDialog
from many_dogs import LONG_NAME, add_owner_with_dogs
from qt_support import RecordedDialogs


@pytest.fixture
def demo_url(sqlite_database: Database, sqlite_url: str, clock: FixedClock) -> str:
    fill_history(sqlite_database, clock)
    return sqlite_url


@pytest.fixture
def dialog(qtbot: QtBot, window: MainWindow) -> NoticesDialog:
    found = open_by_keys(qtbot, window, Qt.Key.Key_N, NoticesDialog)
    assert isinstance(found, NoticesDialog)
    qtbot.waitUntil(lambda: found.count is not None, timeout=10000)
    return found


def _type_pdf(qtbot: QtBot, dialog: NoticesDialog, path: Path) -> None:
    dialog.pdf.edit.setFocus()
    dialog.pdf.edit.selectAll()
    qtbot.keyClicks(dialog.pdf.edit, str(path))


def test_the_count_comes_from_the_service_for_next_year(
    dialog: NoticesDialog, sqlite_database: Database, clock: FixedClock
) -> None:
    # The clock stands at 06/01/2026, in license year 2026–27: next year is 2027–28.
    assert dialog.year_box.year() == 2027 and dialog.year_box.label() == "2027–28"
    assert dialog.renewal.isChecked() and dialog.letters.isChecked()
    count = notice_count(sqlite_database, NoticeChoice(NoticeKind.RENEWAL, 2027), on=clock.today())
    assert count.owners > 0
    assert dialog.count == count
    assert f"{count.owners:,} owners will get a renewal notice for 2027–28" in (
        dialog.summary.text()
    )
    assert dialog.write_button.text().startswith(f"Write {count.owners:,} renewal notices")


def test_writing_keeps_the_window_alive_and_offers_the_pdf(
    qtbot: QtBot, dialog: NoticesDialog, tmp_path: Path
) -> None:
    target = tmp_path / "renewals"
    _type_pdf(qtbot, dialog, target)
    # A timer that ticks on the UI thread: it keeps ticking while the notices are written.
    ticks: list[int] = []
    timer = QTimer(dialog)
    timer.setInterval(1)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start()
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert dialog.running and dialog.bar.isVisible()
    assert dialog.close_button.text() == "Cancel  Esc"
    qtbot.waitUntil(lambda: dialog.written is not None, timeout=30000)
    timer.stop()
    assert len(ticks) > 0
    written = dialog.written
    assert written is not None and written.pdf == tmp_path / "renewals.pdf"
    assert len(PdfReader(written.pdf).pages) == written.pages
    assert written.owners == dialog.count.owners if dialog.count else False
    assert f"Wrote {written.owners:,} renewal notices" in dialog.message.text()
    # THEN the PDF is offered; O opens it in the preview
    question = active_dialog(qtbot, QuestionDialog)
    qtbot.keyClick(question, Qt.Key.Key_O)
    preview = active_dialog(qtbot, PrintPreview)
    assert isinstance(preview, PrintPreview) and preview.jobs[0].path == written.pdf
    qtbot.keyClick(preview, Qt.Key.Key_Escape)


def test_esc_cancels_the_run_and_leaves_no_file(
    qtbot: QtBot, dialog: NoticesDialog, tmp_path: Path
) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "cancelled.pdf"
    _type_pdf(qtbot, dialog, target)
    # GIVEN both worker threads busy, so the run waits its turn
    gate = threading.Event()
    for _ in range(2):
        dialog.ctx.tasks.run(lambda: gate.wait(10), lambda _r: None)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert dialog.running
    # WHEN the clerk presses Esc: the dialog stays, and the service sees the cancel
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    assert dialog.isVisible() and dialog.step_label.text() == "Cancelling…"
    gate.set()
    qtbot.waitUntil(lambda: not dialog.running, timeout=20000)
    assert dialog.written is None
    assert dialog.message.text() == (
        "Cancelled: no notices were written and no file was left behind."
    )
    assert list(folder.iterdir()) == []
    # Esc now closes the dialog
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_a_folder_that_is_not_there_is_named_beside_the_field(
    qtbot: QtBot, dialog: NoticesDialog, tmp_path: Path
) -> None:
    _type_pdf(qtbot, dialog, tmp_path / "nowhere" / "n.pdf")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert not dialog.running
    assert dialog.messages["pdf"].text() == (
        f"There is no folder {tmp_path / 'nowhere'}; choose another place."
    )


def test_reminders_and_postcards_are_chosen_with_their_keys(
    qtbot: QtBot, dialog: NoticesDialog, sqlite_database: Database, clock: FixedClock
) -> None:
    # A mnemonic clicks its button a moment later, as a pressed button shows itself down.
    qtbot.keyClick(focused(), Qt.Key.Key_M, ALT)
    qtbot.waitUntil(dialog.reminder.isChecked)
    qtbot.keyClick(focused(), Qt.Key.Key_O, ALT)
    qtbot.waitUntil(dialog.postcards.isChecked)
    # Reminders are for this year, after its due date: the year follows the kind.
    assert dialog.year_box.label() == "2026–27"
    qtbot.waitUntil(lambda: dialog.count is not None, timeout=10000)
    choice = NoticeChoice(NoticeKind.REMINDER, 2026, postcards=True)
    assert dialog.count == notice_count(sqlite_database, choice, on=clock.today())
    assert dialog.pdf.edit.text().endswith("reminder-letters-2026-postcards.pdf")


def test_a_refusal_from_the_service_is_said_in_the_dialog(
    qtbot: QtBot, dialog: NoticesDialog
) -> None:
    # GIVEN reminders chosen, WHEN the clerk picks next year, before its due date
    qtbot.keyClick(focused(), Qt.Key.Key_M, ALT)
    qtbot.waitUntil(lambda: dialog.year_box.label() == "2026–27")
    dialog.year_box.setFocus()
    qtbot.keyClick(dialog.year_box, Qt.Key.Key_Down)
    # THEN the service's reason shows, as a sentence, and nothing can be written
    qtbot.waitUntil(lambda: "after its due date" in dialog.message.text(), timeout=10000)
    assert dialog.message.text().startswith("Reminders for 2027–28 are sent after its due date")
    assert not dialog.write_button.isEnabled()


def test_alt_p_and_alt_c_choose_the_files_through_the_save_dialog(
    qtbot: QtBot, dialog: NoticesDialog, window: MainWindow, tmp_path: Path
) -> None:
    dialogs = window.shell.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    dialogs.save_paths += [tmp_path / "chosen.pdf", tmp_path / "mail-house"]
    qtbot.keyClick(focused(), Qt.Key.Key_P, ALT)
    qtbot.waitUntil(lambda: dialog.pdf.edit.text() == str(tmp_path / "chosen.pdf"))
    assert dialogs.asked[-1][0] == "Save the PDF file"
    assert dialogs.asked[-1][1].name == "renewal-notices-2027.pdf"
    qtbot.keyClick(focused(), Qt.Key.Key_C, ALT)
    qtbot.waitUntil(lambda: dialog.csv.edit.text() == str(tmp_path / "mail-house"))
    # A name typed or chosen without its suffix is given one
    assert dialog.csv.path() == tmp_path / "mail-house.csv"


def test_what_did_not_print_as_asked_is_listed_after_the_run(
    qtbot: QtBot, window: MainWindow, sqlite_database: Database, tmp_path: Path
) -> None:
    # GIVEN an owner of twelve dogs licensed this year: no postcard lists them all
    owner = add_owner_with_dogs(sqlite_database, dt.date(2026, 5, 20))
    dialog = open_by_keys(qtbot, window, Qt.Key.Key_N, NoticesDialog)
    assert isinstance(dialog, NoticesDialog)
    assert not dialog.not_as_asked.isVisible()
    # WHEN the clerk writes next year's renewal notices as postcards
    qtbot.keyClick(focused(), Qt.Key.Key_O, ALT)
    qtbot.waitUntil(dialog.postcards.isChecked)
    qtbot.waitUntil(lambda: dialog.count is not None, timeout=10000)
    _type_pdf(qtbot, dialog, tmp_path / "cards.pdf")
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.written is not None, timeout=30000)
    qtbot.keyClick(active_dialog(qtbot, QuestionDialog), Qt.Key.Key_Escape)
    # THEN under the message, a short list: the owner sent a letter instead, and from which page
    written = dialog.written
    assert written is not None and written.summary
    assert "Not everything printed as asked: see the list below." in dialog.message.text()
    assert dialog.not_as_asked.isVisible() and dialog.not_as_asked.isReadOnly()
    shown = dialog.not_as_asked.toPlainText().splitlines()
    assert shown == list(written.summary)
    assert shown[0].startswith("1 owner's notice does not fit a postcard")
    assert (
        shown[1] == f"  Owner no. {owner}, {' '.join(LONG_NAME)}: 12 licenses do not fit on a card"
    )
    # AND the dialog still fits the counter's screen
    assert dialog.height() <= 800

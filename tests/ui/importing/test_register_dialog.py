"""File → Import register… from the keyboard, on a real demo database: the columns guessed
and shown beside the first rows, changed and kept for the next file; the dry run's refused
rows with their row numbers and why, saved as CSV; the import to the end with its counts;
Cancel between batches; a file that is not a table said in words; Esc that asks first."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

import pytest
from clerk_words import machine_words_on
from counter_fixtures import active_dialog, focused
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot
from sqlalchemy import func, select

from clerkdesk.db.database import Database
from clerkdesk.models import Dog, ImportBatch, License
from clerkdesk.ui.importing.column_choices import ColumnBox
from clerkdesk.ui.importing.register_dialog import (
    COLUMNS,
    DRY_RUN,
    FILE,
    IMPORT,
    ImportRegisterDialog,
)
from clerkdesk.ui.main_window import MainWindow
from clerkdesk.ui.question import QuestionDialog
from qt_support import RecordedDialogs
from register_files import HEADERS, messy_register, small_rows, write_csv

ALT = Qt.KeyboardModifier.AltModifier
WAIT = 30000


@pytest.fixture
def dialog(qtbot: QtBot, window: MainWindow) -> Iterator[ImportRegisterDialog]:
    """Opened as the clerk opens it: File → Import register…"""
    window.activateWindow()
    window.records.actions["import_register"].trigger()
    found = active_dialog(qtbot, ImportRegisterDialog)
    assert isinstance(found, ImportRegisterDialog)
    yield found
    if found.isVisible():
        found.discard()


def recorded(dialog: ImportRegisterDialog) -> RecordedDialogs:
    dialogs = dialog.ctx.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    return dialogs


def count(database: Database, model: type) -> int:
    with database.read() as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)


def open_file(qtbot: QtBot, dialog: ImportRegisterDialog, path: Path) -> None:
    """Type the file's path and Enter: its sheets and columns are read."""
    edit = dialog.file_page.path
    assert focused() is edit
    qtbot.keyClicks(edit, str(path))
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.busy, timeout=WAIT)


def box_for(dialog: ImportRegisterDialog, header: str) -> ColumnBox:
    return next(box for box in dialog.columns.boxes if box.header == header)


def choose(qtbot: QtBot, box: ColumnBox, key: str) -> None:
    """Arrow to ``key`` in the closed box, as a clerk would (each step chooses an item)."""
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Home)
    for _ in range(box.findData(key)):
        qtbot.keyClick(box, Qt.Key.Key_Down)
    assert box.key() == key


def to_dry_run(qtbot: QtBot, dialog: ImportRegisterDialog, path: Path) -> None:
    open_file(qtbot, dialog, path)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)  # Next: the columns
    assert dialog.page() == COLUMNS
    qtbot.keyClick(focused(), Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: dialog.page() == DRY_RUN and not dialog.busy, timeout=WAIT)


def test_the_columns_are_guessed_beside_the_first_rows_changed_and_kept(
    qtbot: QtBot, dialog: ImportRegisterDialog, tmp_path: Path
) -> None:
    # GIVEN a CSV with the headers another office's program writes
    path = write_csv(tmp_path / "old-register.csv", small_rows())
    open_file(qtbot, dialog, path)
    assert "3 rows of dogs in 19 columns" in dialog.file_page.found.text()
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    # THEN each column shows its first rows and what it was guessed to hold
    assert dialog.page() == COLUMNS
    assert [box.header for box in dialog.columns.boxes] == HEADERS
    assert box_for(dialog, "Dog Name").key() == "dog_name"
    assert box_for(dialog, "M/F").key() == "sex"
    assert box_for(dialog, "Tag #").key() == "tag"
    assert "guessed from its header" in dialog.columns.intro.text()
    assert "Pepper · Salt · Bolt" in [w.text() for w in dialog.columns.findChildren(QLabel)]
    assert dialog.main_button.text() == "Dry run  Enter"
    # WHEN the clerk says the breed column holds the dog's name
    choose(qtbot, box_for(dialog, "Breed"), "dog_name")
    # THEN the dry run waits for one column to be chosen, and says so
    assert dialog.main_button.text() == "Choose one column for the dog's name"
    assert not dialog.main_button.isEnabled()
    assert "Dog Name and Breed" in dialog.columns.missing.text()
    # WHEN the clerk puts it back, and leaves the fee out
    choose(qtbot, box_for(dialog, "Breed"), "breed")
    choose(qtbot, box_for(dialog, "Fee"), "")
    assert dialog.columns.missing.text() == ""
    qtbot.keyClick(focused(), Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: dialog.page() == DRY_RUN and not dialog.busy, timeout=WAIT)
    # THEN the next file with the same headers starts from that choice
    # (a button's key clicks it a moment later, as a button pressed shows itself pressed)
    qtbot.keyClick(focused(), Qt.Key.Key_B, ALT)
    qtbot.waitUntil(lambda: dialog.page() == COLUMNS)
    qtbot.keyClick(focused(), Qt.Key.Key_B, ALT)
    qtbot.waitUntil(lambda: dialog.page() == FILE)
    dialog.file_page.path.clear()
    dialog.file_page.path.setFocus()
    open_file(qtbot, dialog, write_csv(tmp_path / "next-year.csv", small_rows()))
    assert box_for(dialog, "Fee").key() == ""
    assert box_for(dialog, "Breed").key() == "breed"
    assert "chosen for files with these headers before" in dialog.columns.intro.text()


def test_the_dry_run_lists_each_refused_row_and_why_and_saves_them(
    qtbot: QtBot, dialog: ImportRegisterDialog, tmp_path: Path, qtmodeltester: ModelTester
) -> None:
    # GIVEN a workbook with the usual mess and six rows the import must refuse
    messy = messy_register(tmp_path / "register.xlsx", 90)
    to_dry_run(qtbot, dialog, messy.path)
    # THEN the summary counts them and the table lists each by its row, with why
    page = dialog.dry_page
    assert f"{len(messy.problems)} refused" in page.summary.text()
    listed = {row.row: row.why for row in page.rows.rows}
    assert set(listed) == set(messy.problems)
    for row, why in messy.problems.items():
        assert why in listed[row]
    qtmodeltester.check(page.rows)
    rows = page.rows
    assert rows.index(0, 0).data() == f"{min(messy.problems):,}"
    assert dialog.main_button.text() == f"Import {messy.dogs - len(messy.problems):,} rows  Enter"
    # WHEN the clerk asks for every row, the rows taken are listed too
    page.every_row.setFocus()
    qtbot.keyClick(page.every_row, Qt.Key.Key_E, ALT)
    qtbot.waitUntil(lambda: page.rows.rowCount() == messy.dogs)
    # WHEN the clerk saves the report beside the source
    recorded(dialog).save_paths.append(tmp_path / "register-dry-run.csv")
    qtbot.keyClick(focused(), Qt.Key.Key_S, ALT)
    qtbot.waitUntil(lambda: (tmp_path / "register-dry-run.csv").exists())
    _title, suggested = recorded(dialog).asked[-1]
    assert suggested == tmp_path / "register-dry-run.csv"
    with (tmp_path / "register-dry-run.csv").open(encoding="utf-8-sig", newline="") as handle:
        saved = list(csv.DictReader(handle))
    refused = {int(r["row"]): r["why"] for r in saved if r["action"] == "refuse"}
    assert refused == listed
    assert "Saved the report to" in page.message.text()
    assert not machine_words_on(dialog)


def test_the_import_runs_to_the_end_and_says_what_came_in(
    qtbot: QtBot, dialog: ImportRegisterDialog, tmp_path: Path
) -> None:
    database = dialog.ctx.database
    dogs, licenses = count(database, Dog), count(database, License)
    to_dry_run(qtbot, dialog, write_csv(tmp_path / "old.csv", small_rows()))
    assert dialog.main_button.text() == "Import 3 rows  Enter"
    # WHEN the clerk imports
    qtbot.keyClick(focused(), Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert dialog.page() == IMPORT
    qtbot.waitUntil(lambda: dialog.outcome is not None, timeout=WAIT)
    # THEN what came in is counted, as the database holds it
    assert count(database, Dog) == dogs + 3
    assert count(database, License) == licenses + 3
    page = dialog.import_page
    assert page.heading.text() == "Imported old.csv: all 3 rows gone through."
    assert page.result.text().startswith(
        "Brought in 2 owners, 3 dogs, 3 licenses (as history: no money, no receipts)"
    )
    assert "Check next" in page.next_steps.text()
    assert dialog.main_button.text() == "Close  Enter" and dialog.main_button.isEnabled()
    assert not page.bar.isVisible()
    assert not machine_words_on(dialog)
    # AND Esc closes without asking: everything is in
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())


def test_cancel_stops_after_the_batch_under_way(
    qtbot: QtBot, dialog: ImportRegisterDialog, tmp_path: Path
) -> None:
    # GIVEN a register of more than one batch (1,000 rows)
    messy = messy_register(tmp_path / "big.xlsx", 1100, fixed=True)
    to_dry_run(qtbot, dialog, messy.path)
    qtbot.keyClick(focused(), Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert dialog.close_button.text() == "Cancel  Esc"
    # WHEN the clerk presses Esc while it runs
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    assert dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.outcome is not None, timeout=60000)
    # THEN the first batch is in and the dialog says how far it got
    assert dialog.outcome.cancelled
    with dialog.ctx.database.read() as session:
        batch = session.get(ImportBatch, dialog.outcome.import_id)
        assert batch is not None
        assert (batch.state, batch.rows_done) == ("cancelled", 1000)
    heading = dialog.import_page.heading.text()
    assert heading.startswith("Cancelled after row") and f"1,000 of {messy.dogs:,}" in heading
    assert "bring in the rest" in dialog.import_page.next_steps.text()
    assert dialog.close_button.text() == "Close  Esc"


def test_a_file_that_is_not_a_table_is_said_in_words(
    qtbot: QtBot, dialog: ImportRegisterDialog, tmp_path: Path
) -> None:
    # GIVEN a scanned register (a PDF) chosen with Choose…
    pdf = tmp_path / "register.pdf"
    pdf.write_bytes(
        b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length 4 >>\nstream\n\x00\x01\x02\x03"
    )
    recorded(dialog).open_paths.append(pdf)
    qtbot.keyClick(focused(), Qt.Key.Key_C, ALT)
    message = dialog.file_page.message
    qtbot.waitUntil(message.isVisible, timeout=WAIT)
    # THEN a message beside the file says so, in one line; nothing goes on
    assert "binary data" in message.text() and "\n" not in message.text()
    assert not dialog.main_button.isEnabled()
    assert recorded(dialog).errors == []
    # AND so is an old Excel file, typed
    old = tmp_path / "register.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512))
    for path, words in ((old, "old Excel"), (tmp_path / "nowhere.csv", "There is no file at")):
        dialog.file_page.path.clear()
        dialog.file_page.path.setFocus()
        open_file(qtbot, dialog, path)
        assert words in message.text()
        assert not dialog.main_button.isEnabled()


def test_esc_asks_before_throwing_the_choices_away(
    qtbot: QtBot, dialog: ImportRegisterDialog, tmp_path: Path
) -> None:
    open_file(qtbot, dialog, write_csv(tmp_path / "old.csv", small_rows()))
    qtbot.keyClick(focused(), Qt.Key.Key_Escape)
    question = active_dialog(qtbot, QuestionDialog)
    qtbot.keyClick(question, Qt.Key.Key_G)  # Go back to the form
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    assert dialog.isVisible() and dialog.file_page.path.text() == str(tmp_path / "old.csv")

"""File → Export records…: every record to a zip (and a workbook), or the public dog
register with the fields the office releases, kept as its setting; progress off the UI
thread, and a Cancel that leaves no file."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from counter_fixtures import active_dialog
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from clerkdesk.services.exports.full_export import FullExport
from clerkdesk.services.exports.manifest import verify_export
from clerkdesk.services.exports.public_export import PublicExport
from clerkdesk.services.exports.public_fields import DEFAULT_KEYS, office_public_fields
from clerkdesk.ui.context import UiContext
from clerkdesk.ui.exports.export_dialog import ExportDialog
from clerkdesk.ui.main_window import MainWindow
from small_town import Town


@pytest.fixture
def dialog(qtbot: QtBot, ctx: UiContext) -> ExportDialog:
    shown = ExportDialog(ctx, None)
    qtbot.addWidget(shown)
    with qtbot.waitSignal(shown.fields_read, timeout=10000):
        shown.open()
    return shown


@pytest.fixture
def out(tmp_path: Path) -> Path:
    folder = tmp_path / "exports"
    folder.mkdir()
    return folder


def test_every_record_to_a_zip_and_a_workbook(
    qtbot: QtBot, dialog: ExportDialog, out: Path
) -> None:
    # GIVEN the clerk names the zip and asks for the workbook too
    assert dialog.full.isChecked() and not dialog.xlsx.isEnabled()
    dialog.zip.edit.setText(str(out / "records.zip"))
    qtbot.keyClick(dialog.with_xlsx, Qt.Key.Key_Space)
    assert dialog.xlsx.isEnabled()
    dialog.xlsx.edit.setText(str(out / "records.xlsx"))

    # WHEN Ctrl+Enter exports
    with qtbot.waitSignal(dialog.exported, timeout=20000) as done:
        qtbot.keyClick(dialog, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)

    # THEN both files are there, the zip verifies, and the dialog says what it wrote
    result = done.args[0]
    assert isinstance(result, FullExport)
    assert verify_export(out / "records.zip").ok
    assert "owner" in openpyxl.load_workbook(out / "records.xlsx", read_only=True).sheetnames
    assert dialog.message.text().startswith(f"Wrote {result.rows:,} rows of ")
    assert not dialog.bar.isVisible() and dialog.export_button.isEnabled()


def test_the_register_with_the_fields_chosen_which_become_the_offices(
    qtbot: QtBot, dialog: ExportDialog, town: Town, out: Path
) -> None:
    # GIVEN public records, as a workbook, with the owner's phone released and the street not
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog, Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(dialog.public.isChecked)  # a mnemonic clicks as the mouse does
    assert not dialog.zip.isEnabled() and dialog.register_file.isEnabled()
    assert dialog.chosen_fields() == DEFAULT_KEYS
    dialog.format.setCurrentIndex(1)
    assert dialog.register_file.edit.text().endswith(".xlsx")
    dialog.register_file.edit.setText(str(out / "register.xlsx"))
    dialog.field_checks["phone"].setChecked(True)
    dialog.field_checks["street"].setChecked(False)

    with qtbot.waitSignal(dialog.exported, timeout=20000) as done:
        dialog.export_button.click()

    # THEN the workbook holds exactly those fields, and they are now the office's choice
    result = done.args[0]
    assert isinstance(result, PublicExport)
    sheet = openpyxl.load_workbook(out / "register.xlsx").active
    assert sheet is not None
    headings = [c.value for c in sheet[1]]
    assert "Phone" in headings and "Street" not in headings
    assert len(headings) == len(DEFAULT_KEYS)
    assert office_public_fields(town.database) == result.fields
    assert "now the office's choice" in dialog.message.text()


def test_no_field_chosen_is_said_beside_the_fields(qtbot: QtBot, dialog: ExportDialog) -> None:
    dialog.public.setChecked(True)
    for check in dialog.field_checks.values():
        check.setChecked(False)
    assert "choose a field" in dialog.export_button.text()
    dialog.export_button.click()
    assert dialog.messages["fields"].text() == "Choose at least one field to release."
    assert not dialog.running


def test_a_missing_folder_is_said_beside_the_file(
    qtbot: QtBot, dialog: ExportDialog, out: Path
) -> None:
    dialog.zip.edit.setText(str(out / "nowhere" / "records.zip"))
    dialog.export_button.click()
    assert "There is no folder" in dialog.messages["zip"].text()
    assert not dialog.running


def test_cancel_leaves_no_file(qtbot: QtBot, dialog: ExportDialog, out: Path) -> None:
    dialog.zip.edit.setText(str(out / "records.zip"))
    dialog.with_xlsx.setChecked(True)
    dialog.xlsx.edit.setText(str(out / "records.xlsx"))

    # WHEN Esc comes while the export runs
    dialog.export_button.click()
    assert dialog.running and dialog.close_button.text() == "Cancel  Esc"
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)

    # THEN it stops, says so, and nothing is in the folder
    qtbot.waitUntil(lambda: not dialog.running, timeout=20000)
    assert dialog.message.text() == "Cancelled: nothing was written."
    assert list(out.iterdir()) == []
    assert dialog.isVisible()


def test_file_menu_opens_the_dialog(qtbot: QtBot, window: MainWindow) -> None:
    action = window.records.actions["export"]
    assert action.isVisible() and action.text() == "&Export records…"
    action.trigger()
    found = active_dialog(qtbot, ExportDialog)
    assert isinstance(found, ExportDialog)
    qtbot.waitSignal(found.fields_read, timeout=10000)
    found.reject()

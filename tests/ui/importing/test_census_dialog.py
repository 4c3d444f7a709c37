"""File → Import census…: a listing chosen with Alt+O and imported with Enter off the UI
thread; each household shown with its owner on file and whether it is evidence for the
unlicensed list, which then carries it; the same listing again changes nothing."""

from __future__ import annotations

from pathlib import Path

from counter_fixtures import active_dialog, focused
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.models import Owner, OwnerStatus
from clerkdesk.services.importing.census import CensusImported
from clerkdesk.services.unlicensed import unlicensed_list
from clerkdesk.ui.importing.census_dialog import CensusDialog
from clerkdesk.ui.main_window import MainWindow
from qt_support import RecordedDialogs
from vet_lists import write_csv

HEADERS = ("Address", "Unit", "Residents", "Number of Dogs")


def _opened(qtbot: QtBot, window: MainWindow) -> CensusDialog:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.records.actions["import_census"].trigger()
    dialog = active_dialog(qtbot, CensusDialog)
    assert isinstance(dialog, CensusDialog)
    return dialog


def _listing(window: MainWindow, path: Path) -> tuple[Path, str]:
    assert window.ctx is not None
    with window.ctx.database.read() as session:
        owner = session.scalars(
            select(Owner).where(Owner.status == OwnerStatus.ACTIVE).order_by(Owner.id).limit(1)
        ).one()
        rows = [
            (owner.street, owner.unit or "", f"{owner.first_name} {owner.last_name}", "0"),
            ("999 Nowhere Lane", "", "Ann & Bo Quill", "2"),
        ]
        return write_csv(path, HEADERS, rows), f"{owner.first_name} {owner.last_name}"


def test_the_census_is_imported_shown_and_on_the_unlicensed_list(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path, owner = _listing(window, tmp_path / "census-2026.csv")
    assert window.ctx is not None
    dialogs = window.ctx.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    dialogs.open_paths.append(path)
    dialog = _opened(qtbot, window)
    assert dialog.year.value() == 2026
    qtbot.keyClick(focused(), Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: dialog.file.edit.text() == str(path))

    # WHEN Enter imports it
    with qtbot.waitSignal(dialog.imported, timeout=20000) as waited:
        qtbot.keyClick(dialog.file.edit, Qt.Key.Key_Return)

    # THEN each household says whom it matched and whether it is on the unlicensed list
    done = waited.args[0]
    assert isinstance(done, CensusImported)
    table = dialog.table
    assert table.rowCount() == 2
    assert table.item(0, 4).text() == owner
    assert table.item(1, 4).text() == "— (no owner on file at this address)"
    assert (table.item(1, 3).text(), table.item(1, 5).text(), table.item(1, 6).text()) == (
        "2",
        "added",
        "yes",
    )
    assert "2 households of the 2026 census — 2 added, 0 updated, 0 unchanged" in (
        dialog.message.text()
    )
    assert "1 household reporting dogs with none licensed is on Year end" in dialog.message.text()
    listed = unlicensed_list(window.ctx.database, year=2026, on=window.ctx.clock.today())
    assert [(h.address, h.residents, h.source) for h in listed.households] == [
        ("999 Nowhere Lane", "Ann & Bo Quill", "2026 census, census-2026.csv, row 3")
    ]

    # WHEN the same listing is imported again, nothing changes
    with qtbot.waitSignal(dialog.imported, timeout=20000):
        dialog.main.click()
    assert "0 added, 0 updated, 2 unchanged" in dialog.message.text()


def test_no_file_is_said_beside_the_field(qtbot: QtBot, window: MainWindow) -> None:
    dialog = _opened(qtbot, window)
    dialog.main.click()
    assert dialog.messages["file"].text() == "Choose the census file to read."
    assert dialog.kept is None

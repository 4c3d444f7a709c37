"""File → Import rabies list…: a clinic's list chosen with Alt+O is matched off the UI
thread, the exact match comes ticked and the unmatched row is listed with why; Enter records
the certificate, the counter's card then shows it, and the row reads "already on file"."""

from __future__ import annotations

from pathlib import Path

from counter_fixtures import active_dialog, focused
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from clerkdesk.models import Dog, DogStatus, Owner
from clerkdesk.services.owner_card import owner_card
from clerkdesk.ui.counter.owner_card import rabies_text
from clerkdesk.ui.importing.rabies_list_dialog import RabiesListDialog
from clerkdesk.ui.main_window import MainWindow
from qt_support import RecordedDialogs
from vet_lists import RABIES_HEADERS, write_csv


def _a_dog(window: MainWindow) -> tuple[int, int, str, str, str]:
    assert window.ctx is not None
    with window.ctx.database.read() as session:
        dog, owner = session.execute(
            select(Dog, Owner)
            .join(Owner, Owner.id == Dog.owner_id)
            .where(Dog.status == DogStatus.ACTIVE)
            .order_by(Dog.id)
            .limit(1)
        ).one()
        address = owner.street + (f" Apt {owner.unit}" if owner.unit else "")
        return dog.id, owner.id, dog.name, f"{owner.last_name}, {owner.first_name}", address


def _opened(qtbot: QtBot, window: MainWindow) -> RabiesListDialog:
    """File → Import rabies list…, as the menu's entry opens it."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.records.actions["import_rabies"].trigger()
    dialog = active_dialog(qtbot, RabiesListDialog)
    assert isinstance(dialog, RabiesListDialog)
    return dialog


def test_the_list_is_matched_ticked_and_recorded(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    dog_id, owner_id, name, owner, address = _a_dog(window)
    path = write_csv(
        tmp_path / "elm-vet.csv",
        RABIES_HEADERS,
        [
            (owner, address, name, "06/01/2026", "3", "26-0101", "Dr. Lee", "Elm Vet"),
            ("Nobody, Ann", "1 Nowhere Ln", "Ghost", "05/30/2026", "1", "", "Dr. Lee", ""),
        ],
    )
    assert window.ctx is not None
    dialogs = window.ctx.dialogs
    assert isinstance(dialogs, RecordedDialogs)
    dialogs.open_paths.append(path)
    dialog = _opened(qtbot, window)

    # WHEN the clerk chooses the file with Alt+O
    with qtbot.waitSignal(dialog.matched, timeout=20000):
        qtbot.keyClick(focused(), Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)

    # THEN the dog's row is an exact match, ticked; the other says why it matched none
    table = dialog.table
    assert table.rowCount() == 2
    assert table.item(0, 0).checkState() == Qt.CheckState.Checked
    assert table.item(0, 2).text() == "exact"
    assert table.item(0, 3).text().startswith(f"{name} (")
    assert table.item(1, 2).text() == "unmatched"
    assert "no dog on file" in table.item(1, 4).text()
    assert dialog.main.text() == "Record 1 certificate  Enter"
    assert "1 row matched (1 exact, ticked)" in dialog.summary.text()

    # WHEN Enter records it
    with qtbot.waitSignal(dialog.recorded, timeout=20000):
        qtbot.keyClick(table, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.found is not None and not dialog.running, timeout=20000)

    # THEN the row reads "already on file", and the counter's card shows the certificate
    assert table.item(0, 2).text() == "already on file"
    assert dialog.message.text().startswith("Recorded 1 rabies certificate")
    card = owner_card(window.ctx.database, owner_id, window.ctx.clock.today())
    shown = next(d for d in card.dogs if d.dog_id == dog_id)
    assert rabies_text(shown, None)[0] == "06/01/2029"


def test_space_clears_a_tick_and_nothing_ticked_records_nothing(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    _dog_id, _owner_id, name, owner, address = _a_dog(window)
    path = write_csv(
        tmp_path / "list.csv",
        RABIES_HEADERS,
        [(owner, address, name, "06/01/2026", "1", "", "Dr. Lee", "")],
    )
    assert window.ctx is not None
    dialog = _opened(qtbot, window)
    dialog.file.edit.setText(str(path))
    with qtbot.waitSignal(dialog.matched, timeout=20000):
        qtbot.keyClick(dialog.file.edit, Qt.Key.Key_Return)

    dialog.table.setCurrentCell(0, 0)
    qtbot.keyClick(dialog.table, Qt.Key.Key_Space)

    assert dialog.table.item(0, 0).checkState() == Qt.CheckState.Unchecked
    assert not dialog.main.isEnabled() and dialog.main.text() == "Nothing ticked"


def test_a_file_that_is_not_a_list_is_said_beside_the_field(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    (tmp_path / "notes.csv").write_text("Owner,Notes\nDoe,hi\n", encoding="utf-8")
    dialog = _opened(qtbot, window)
    qtbot.keyClick(dialog.file.edit, Qt.Key.Key_Return)
    assert dialog.messages["file"].text() == "Choose the list file to read."

    dialog.file.edit.setText(str(tmp_path / "notes.csv"))
    qtbot.keyClick(dialog.file.edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "no column for the vaccination date" in dialog.message.text())
    assert dialog.found is None

"""Where a workstation keeps its printers: one file every login shares, or, where this login
cannot write it, a file of its own, said in words."""

from __future__ import annotations

from pathlib import Path

from settings_files import login_env, write_ini

from clerkdesk import paths
from clerkdesk.settings.printer_store import printer_store


def test_every_login_shares_the_file_in_the_machine_data_folder(tmp_path: Path) -> None:
    ann = printer_store(login_env(tmp_path, "ann"))
    bob = printer_store(login_env(tmp_path, "bob"))
    assert ann.path == bob.path == tmp_path / "machine" / "data" / "printers.ini"
    assert ann.shared and ann.note == ""
    assert ann.path.is_file()


def test_it_may_name_another_folder_in_the_machine_file(tmp_path: Path) -> None:
    write_ini(
        tmp_path / "machine" / "config",
        f"[printing]\nsettings folder = {tmp_path / 'counter-pc'}\n",
    )
    store = printer_store(login_env(tmp_path, "ann"))
    assert store.path == tmp_path / "counter-pc" / "printers.ini" and store.shared


def test_a_folder_this_login_cannot_write_leaves_it_its_own_file_and_says_so(
    tmp_path: Path,
) -> None:
    # GIVEN the machine's data folder cannot be made (a file stands in its way)
    (tmp_path / "machine").mkdir()
    (tmp_path / "machine" / "data").write_text("not a folder")
    env = login_env(tmp_path, "ann")

    # WHEN this login only looks, and then opens its printers file
    looked = printer_store(env, make=False)
    opened = printer_store(env)

    # THEN it keeps its own file, and says why and what IT can do
    for store in (looked, opened):
        assert not store.shared
        assert store.path == paths.user_data_dir() / "printers.ini"
        assert f"this login cannot write {tmp_path / 'machine' / 'data' / 'printers.ini'}" in (
            store.note
        )
        assert "ask IT to let every login write" in store.note


def test_looking_makes_nothing(tmp_path: Path) -> None:
    store = printer_store(login_env(tmp_path, "ann"), make=False)
    assert store.shared
    assert not (tmp_path / "machine").exists()


def test_a_bad_settings_file_does_not_stop_printing(tmp_path: Path) -> None:
    write_ini(tmp_path / "ann" / "config", "not ini\n")
    store = printer_store(login_env(tmp_path, "ann"))
    assert store.path == tmp_path / "machine" / "data" / "printers.ini"

"""Start-up settings in layers: command line, environment, the login's file, the machine's
file, the default; each value says where it came from."""

from __future__ import annotations

from pathlib import Path

import pytest
from settings_files import login_env, write_ini

from clerkdesk import paths
from clerkdesk.settings import (
    DATABASE_URL,
    LOG_FOLDER,
    PRINTING_FOLDER,
    Layer,
    load_settings,
)

SERVER = "postgresql://clerk@db.town.local/clerkdesk"


def test_with_nothing_set_each_setting_is_its_default(tmp_path: Path) -> None:
    settings = load_settings(environ=login_env(tmp_path, "ann"))
    assert settings[DATABASE_URL].origin.layer is Layer.DEFAULT
    assert settings.value(DATABASE_URL) == f"sqlite:///{paths.default_database_path()}"
    assert settings.folder(LOG_FOLDER) == paths.user_log_dir()
    assert settings.folder(PRINTING_FOLDER) == tmp_path / "machine" / "data"
    assert [f.kind for f in settings.files] == ["user file", "machine file"]
    assert not any(f.exists for f in settings.files)


def test_each_layer_wins_over_the_ones_below_it(tmp_path: Path) -> None:
    env = login_env(tmp_path, "ann")
    machine = write_ini(tmp_path / "machine" / "config", f"[database]\nurl = {SERVER}\n")
    settings = load_settings(environ=env)
    assert settings.value(DATABASE_URL) == SERVER
    assert settings[DATABASE_URL].origin.words() == f"machine file {machine}"

    mine = write_ini(tmp_path / "ann" / "config", "[database]\nurl = sqlite:///mine.sqlite\n")
    settings = load_settings(environ=env)
    assert settings.value(DATABASE_URL) == "sqlite:///mine.sqlite"
    assert settings[DATABASE_URL].origin.words() == f"user file {mine}"

    env["CLERKDESK_DB_URL"] = "sqlite:///from-env.sqlite"
    settings = load_settings(environ=env)
    assert settings.value(DATABASE_URL) == "sqlite:///from-env.sqlite"
    assert settings[DATABASE_URL].origin.words() == "environment variable CLERKDESK_DB_URL"

    settings = load_settings({DATABASE_URL: "sqlite:///given.sqlite"}, environ=env)
    assert settings.value(DATABASE_URL) == "sqlite:///given.sqlite"
    assert settings[DATABASE_URL].origin.words() == "command line (--db)"


def test_an_empty_value_leaves_the_setting_to_the_next_layer(tmp_path: Path) -> None:
    env = login_env(tmp_path, "ann", CLERKDESK_DB_URL="  ")
    write_ini(tmp_path / "ann" / "config", "[database]\nurl =\n")
    write_ini(tmp_path / "machine" / "config", f"[database]\nurl = {SERVER}\n")
    assert load_settings(environ=env).value(DATABASE_URL) == SERVER


def test_two_logins_on_one_computer_honour_the_same_machine_file(tmp_path: Path) -> None:
    # GIVEN IT pushed the shared server's address to the computer, and Bob has a file of
    # his own that names only his log folder
    machine = write_ini(tmp_path / "machine" / "config", f"[database]\nurl = {SERVER}\n")
    write_ini(tmp_path / "bob" / "config", "[logging]\nfolder = logs\n")

    # WHEN each of the two logins reads its settings
    ann = load_settings(environ=login_env(tmp_path, "ann"))
    bob = load_settings(environ=login_env(tmp_path, "bob"))

    # THEN both open the shared server, by the machine's file; Bob's log goes where his says
    for login in (ann, bob):
        assert login.value(DATABASE_URL) == SERVER
        assert login[DATABASE_URL].origin.words() == f"machine file {machine}"
    assert ann[LOG_FOLDER].origin.layer is Layer.DEFAULT
    assert bob.folder(LOG_FOLDER) == tmp_path / "bob" / "config" / "logs"


def test_folders_expand_home_and_variables_and_are_read_from_the_files_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHARED", str(tmp_path / "shared"))
    write_ini(
        tmp_path / "machine" / "config",
        "[logging]\nfolder = ~/clerk-logs\n[printing]\nsettings folder = $SHARED/printers\n",
    )
    write_ini(tmp_path / "ann" / "config", "[logging]\nfolder = logs\n")
    env = login_env(tmp_path, "ann")
    settings = load_settings(environ=env)
    assert settings.folder(LOG_FOLDER) == tmp_path / "ann" / "config" / "logs"
    assert settings.folder(PRINTING_FOLDER) == tmp_path / "shared" / "printers"
    (tmp_path / "ann" / "config" / "clerkdesk.ini").unlink()
    assert load_settings(environ=env).folder(LOG_FOLDER) == Path.home() / "clerk-logs"


def test_a_percent_sign_and_a_semicolon_in_a_password_are_taken_as_written(
    tmp_path: Path,
) -> None:
    url = "postgresql://clerk:p%40ss;w#rd@db/clerkdesk"
    write_ini(tmp_path / "machine" / "config", f"; pushed by IT\n[database]\nurl = {url}\n")
    assert load_settings(environ=login_env(tmp_path, "ann")).value(DATABASE_URL) == url


def test_xdg_config_dirs_is_honoured_most_important_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(paths.SITE_CONFIG_DIR_ENV, raising=False)
    monkeypatch.setenv("XDG_CONFIG_DIRS", f"{tmp_path / 'first'}:{tmp_path / 'second'}")
    write_ini(tmp_path / "second" / "ClerkDesk", f"[database]\nurl = {SERVER}\n")
    assert load_settings().value(DATABASE_URL) == SERVER
    write_ini(tmp_path / "first" / "ClerkDesk", "[database]\nurl = sqlite:///first.sqlite\n")
    settings = load_settings()
    assert settings.value(DATABASE_URL) == "sqlite:///first.sqlite"
    assert [f.path for f in settings.files[1:]] == [
        tmp_path / "first" / "ClerkDesk" / "clerkdesk.ini",
        tmp_path / "second" / "ClerkDesk" / "clerkdesk.ini",
    ]


def test_a_misspelt_key_is_named_not_silently_lost(tmp_path: Path) -> None:
    path = write_ini(tmp_path / "machine" / "config", f"[databse]\nurl = {SERVER}\n")
    settings = load_settings(environ=login_env(tmp_path, "ann"))
    assert settings[DATABASE_URL].origin.layer is Layer.DEFAULT
    assert settings.unknown_keys() == [f"[databse] url in {path}"]

"""``clerkdesk config show``: each start-up setting, its value (no password) and where it
came from; a settings file that cannot be read stops every command in one line; two OS
logins on one computer honour the machine-wide file IT pushed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bad_inputs import assert_one_line_refusal, run

from clerkdesk.db.database import Database
from clerkdesk.db.migrate import head_revision
from clerkdesk.paths import CONFIG_DIR_ENV, SITE_CONFIG_DIR_ENV, SITE_DATA_DIR_ENV

SERVER = "postgresql://clerk:s3cret@db.town.local/clerkdesk"


@pytest.fixture
def machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This computer's machine-wide settings folder (as IT's installer leaves it), and the
    signed-in login's own settings folder, both empty."""
    folder = tmp_path / "machine"
    folder.mkdir()
    monkeypatch.setenv(SITE_CONFIG_DIR_ENV, str(folder))
    monkeypatch.setenv(SITE_DATA_DIR_ENV, str(tmp_path / "machine-data"))
    monkeypatch.setenv(CONFIG_DIR_ENV, str(tmp_path / "ann"))
    return folder


def _ini(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "clerkdesk.ini").write_text(text, encoding="utf-8")
    return folder / "clerkdesk.ini"


def test_show_says_where_each_value_came_from_and_masks_the_password(
    machine: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pushed = _ini(machine, f"[database]\nurl = {SERVER}\n")
    own = _ini(tmp_path / "ann", "[logging]\nfolder = /var/log/clerk\n")

    status, out, err = run(capsys, "config", "show")

    assert status == 0, err
    assert "s3cret" not in out
    lines = out.splitlines()
    assert lines[:4] == [
        "[database] url = postgresql://clerk:***@db.town.local/clerkdesk",
        f"    from the machine file {pushed}",
        "[logging] folder = /var/log/clerk",
        f"    from the user file {own}",
    ]
    assert lines[4:7] == [
        f"[printing] settings folder = {tmp_path / 'machine-data'}",
        "    default",
        f"    note: every login on this computer shares {tmp_path / 'machine-data/printers.ini'}",
    ]
    assert lines[7:] == [
        "settings files, most important first:",
        f"    user file {own}",
        f"    machine file {pushed}",
    ]
    assert not (tmp_path / "machine-data").exists()  # looking makes nothing


def test_show_names_the_command_line_and_the_environment(
    machine: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _ini(machine, f"[database]\nurl = {SERVER}\n")
    monkeypatch.setenv("CLERKDESK_DB_URL", "sqlite:////srv/env.sqlite")
    out = run(capsys, "config", "show")[1]
    assert out.splitlines()[:2] == [
        "[database] url = sqlite:////srv/env.sqlite",
        "    from the environment variable CLERKDESK_DB_URL",
    ]
    out = run(capsys, "--db", "postgresql://u:pw@h/x?password=pw2", "config", "show")[1]
    assert out.splitlines()[:2] == [
        "[database] url = postgresql://u:***@h/x?password=***",
        "    from the command line (--db)",
    ]


def test_show_as_json(machine: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pushed = _ini(machine, f"[database]\nurl = {SERVER}\n[databse]\nport = 5432\n")
    status, out, _ = run(capsys, "config", "show", "--json")
    assert status == 0
    report = json.loads(out)
    database = report["settings"][0]
    assert database["section"] == "database" and database["key"] == "url"
    assert database["value"] == "postgresql://clerk:***@db.town.local/clerkdesk"
    assert (database["layer"], database["where"]) == ("machine file", str(pushed))
    assert [f["exists"] for f in report["files"]] == [False, True]
    assert report["unknown"] == [f"[databse] port in {pushed}"]
    assert "s3cret" not in out


def test_a_misspelt_setting_is_named(machine: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pushed = _ini(machine, "[databse]\nurl = x\n")
    out = run(capsys, "config", "show")[1]
    assert out.splitlines()[-1] == f"not a setting, ignored: [databse] url in {pushed}"


@pytest.mark.parametrize("argv", [["config", "show"], ["db", "current"], ["search", "rex"]])
def test_a_bad_settings_file_is_one_line_naming_the_file_and_line(
    machine: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    pushed = _ini(machine, "[database]\nurl = sqlite:///x.sqlite\nthis is not ini\n")
    status, out, err = run(capsys, *argv)
    assert_one_line_refusal(status, out, err)
    assert err == (
        f"clerkdesk: The settings file {pushed} cannot be used: line 3 ('this is not ini') is "
        "not a [section] nor a 'key = value' line; correct that line or remove the file\n"
    )


def test_two_logins_on_one_computer_open_the_database_the_machine_file_names(
    machine: Path,
    database: Database,
    database_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # GIVEN IT pushed the office's database to this computer, written as IT writes it
    pushed = _ini(machine, f"[database]\nurl = {database_url.replace('+psycopg', '')}\n")

    for login in ("ann", "bob"):
        # WHEN each OS login, with its own folders, asks which database it is on
        monkeypatch.setenv(CONFIG_DIR_ENV, str(tmp_path / login / "config"))
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / login / "data"))
        status, out, err = run(capsys, "db", "current")

        # THEN both reach the one database, by the machine's file, and no file of their own
        assert (status, out.strip()) == (0, head_revision()), err
        shown = run(capsys, "config", "show")[1].splitlines()
        assert shown[1] == f"    from the machine file {pushed}"
        assert not (tmp_path / login / "data").exists()

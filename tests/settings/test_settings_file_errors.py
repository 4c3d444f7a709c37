"""A settings file that cannot be used is said in one line naming the file and the line,
never a traceback, never a password."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from settings_files import login_env, write_ini

from clerkdesk.settings import DATABASE_URL, SettingsFileInvalid, load_settings
from unprivileged import as_unprivileged, unprivileged_folder


def _refusal(tmp_path: Path) -> str:
    with pytest.raises(SettingsFileInvalid) as caught:
        load_settings(environ=login_env(tmp_path, "ann"))
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("url = sqlite:///x.sqlite\n", "line 1 ('url = sqlite:///x.sqlite') comes before any"),
        ("[database]\nurl postgresql://db/x\n", "line 2 ('url postgresql://db/x') is not a"),
        ("[database]\nurl = a\n[database]\n", "line 3 starts [database] a second time"),
        ("[database]\nurl = a\nurl = b\n", "line 3 sets 'url' in [database] a second time"),
        ("[database\nurl = a\n", "line 1 ('[database') comes before any [section]"),
    ],
    ids=["no-section", "no-equals", "section-twice", "key-twice", "unclosed-section"],
)
def test_a_line_that_is_not_ini_is_named(tmp_path: Path, text: str, says: str) -> None:
    path = write_ini(tmp_path / "machine" / "config", text)
    message = _refusal(tmp_path)
    assert message.startswith(f"The settings file {path} cannot be used: ")
    assert says in message


def test_a_password_on_a_bad_line_is_not_repeated(tmp_path: Path) -> None:
    write_ini(tmp_path / "ann" / "config", "[database]\nurl postgresql://clerk:hunter2@db/x\n")
    message = _refusal(tmp_path)
    assert "hunter2" not in message
    assert "line 2 ('url postgresql://clerk:***@db/x')" in message


def test_bytes_that_are_not_utf8_are_named_by_line(tmp_path: Path) -> None:
    folder = tmp_path / "machine" / "config"
    folder.mkdir(parents=True)
    (folder / "clerkdesk.ini").write_bytes(b"[logging]\nfolder = C:\\Caf\xe9\n")
    assert "line 2 is not UTF-8 text; save the file as UTF-8" in _refusal(tmp_path)


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_notepads_encodings_are_read(tmp_path: Path, encoding: str) -> None:
    folder = tmp_path / "machine" / "config"
    folder.mkdir(parents=True)
    text = "[database]\r\nurl = sqlite:///C:/Städte/dogs.sqlite\r\n"
    (folder / "clerkdesk.ini").write_bytes(text.encode(encoding))
    if encoding == "utf-16":
        assert (folder / "clerkdesk.ini").read_bytes().startswith(codecs.BOM_UTF16_LE)
    settings = load_settings(environ=login_env(tmp_path, "ann"))
    assert settings.value(DATABASE_URL) == "sqlite:///C:/Städte/dogs.sqlite"


def test_a_folder_in_place_of_the_file_is_said(tmp_path: Path) -> None:
    (tmp_path / "ann" / "config" / "clerkdesk.ini").mkdir(parents=True)
    assert "it is a folder, not a file" in _refusal(tmp_path)


def test_a_file_this_login_may_not_read_is_said(tmp_path: Path) -> None:
    # Root reads any file: under root the settings are read as an ordinary login.
    with unprivileged_folder(tmp_path) as folder:
        path = write_ini(folder / "machine" / "config", "[database]\nurl = x\n")
        path.chmod(0)
        with pytest.raises(SettingsFileInvalid) as caught:
            as_unprivileged(load_settings, environ=login_env(folder, "ann"))
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"The settings file {path} cannot be used: ")
    assert "no permission to read it; ask IT" in message

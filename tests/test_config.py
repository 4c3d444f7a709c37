"""Which database to open: the first layer that names one, in the spelling the engine takes."""

from __future__ import annotations

from pathlib import Path

from clerkdesk import paths
from clerkdesk.config import resolve_database_url


def _env(tmp_path: Path) -> dict[str, str]:
    return {
        paths.CONFIG_DIR_ENV: str(tmp_path / "ann"),
        paths.SITE_CONFIG_DIR_ENV: str(tmp_path / "machine"),
    }


def test_the_default_is_the_sqlite_file_in_the_data_folder(tmp_path: Path) -> None:
    assert resolve_database_url(None, _env(tmp_path)) == (
        f"sqlite:///{paths.default_database_path()}"
    )


def test_the_machine_files_short_address_is_taken(tmp_path: Path) -> None:
    (tmp_path / "machine").mkdir()
    (tmp_path / "machine" / "clerkdesk.ini").write_text(
        "[database]\nurl = postgresql://clerk@db.town.local/clerkdesk\n", encoding="utf-8"
    )
    env = _env(tmp_path)
    assert resolve_database_url(None, env) == "postgresql+psycopg://clerk@db.town.local/clerkdesk"
    env["CLERKDESK_DB_URL"] = "postgres://other@db/x"
    assert resolve_database_url(None, env) == "postgresql+psycopg://other@db/x"
    assert resolve_database_url("sqlite:///given.sqlite", env) == "sqlite:///given.sqlite"

"""Settings files and the two kinds of folder they live in, written as a test needs them:
a login's own config folder and one machine-wide folder, given by environment."""

from __future__ import annotations

from pathlib import Path

from clerkdesk.paths import CONFIG_DIR_ENV, SITE_CONFIG_DIR_ENV, SITE_DATA_DIR_ENV


def write_ini(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "clerkdesk.ini"
    path.write_text(text, encoding="utf-8")
    return path


def login_env(tmp: Path, login: str, **more: str) -> dict[str, str]:
    """The environment of one OS login on a computer whose machine-wide folders are in
    ``tmp/machine``: its own config and data folders, the machine's shared ones."""
    return {
        CONFIG_DIR_ENV: str(tmp / login / "config"),
        SITE_CONFIG_DIR_ENV: str(tmp / "machine" / "config"),
        SITE_DATA_DIR_ENV: str(tmp / "machine" / "data"),
        **more,
    }
